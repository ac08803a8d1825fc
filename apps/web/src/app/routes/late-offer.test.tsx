import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lateOfferMessages, type LateOffer } from '@tmc/shared';
import { mockApi } from '../../testing/mock-api';
import { renderRoutes } from '../../testing/render';
import { routes } from '../router';

afterEach(() => {
  vi.restoreAllMocks();
});

const offer: LateOffer = {
  id: 'o-1',
  purchaseId: 'p-1',
  reference: 'TMC-7KQ2XM',
  state: 'offered',
  investmentAmount: '100.00',
  tokenAmount: '2000.000000000000000000',
  tokenPriceAud: '0.05',
  previousTokenPriceAud: '0.02',
  stageName: 'Stage 2',
  tokenSymbol: 'TMC',
  expiresAt: '2030-03-12T04:00:00.000Z',
  createdAt: '2030-03-09T05:00:00.000Z',
  acceptedAt: null,
};

describe('/late-offer', () => {
  it('shows the offer, changes nothing until the buyer accepts, then says so', async () => {
    window.history.replaceState(null, '', '/late-offer#token=tok-123');
    const api = mockApi({
      'POST /v1/late-offers/read': { data: offer },
      'POST /v1/late-offers/accept': {
        data: { ...offer, state: 'accepted', acceptedAt: '2030-03-10T00:00:00.000Z' },
        message: lateOfferMessages.accepted,
      },
    });
    renderRoutes(routes, ['/late-offer']);
    expect(await screen.findByTestId('late-offer')).toHaveTextContent('TMC-7KQ2XM');
    expect(screen.getByText('2,000.00 TMC')).toBeInTheDocument();
    expect(api.bodies('POST /v1/late-offers/read')).toEqual([{ token: 'tok-123' }]);
    expect(api.bodies('POST /v1/late-offers/accept')).toHaveLength(0);
    expect(window.location.hash).toBe('');

    await userEvent.click(
      screen.getByRole('button', { name: 'Accept the order at today’s price' }),
    );
    expect(await screen.findByText(lateOfferMessages.accepted)).toBeInTheDocument();
    expect(api.bodies('POST /v1/late-offers/accept')).toEqual([{ token: 'tok-123' }]);
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
  });

  it('says clearly when the link expired, was used or is unknown', async () => {
    window.history.replaceState(null, '', '/late-offer#token=old');
    mockApi({ 'POST /v1/late-offers/read': { data: { ...offer, state: 'expired' } } });
    const expired = renderRoutes(routes, ['/late-offer']);
    expect(await screen.findByRole('alert')).toHaveTextContent(lateOfferMessages.expired);
    expect(screen.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    expired.unmount();
    vi.restoreAllMocks();

    window.history.replaceState(null, '', '/late-offer#token=used');
    mockApi({ 'POST /v1/late-offers/read': { data: { ...offer, state: 'accepted' } } });
    const used = renderRoutes(routes, ['/late-offer']);
    expect(await screen.findByText(lateOfferMessages.alreadyAccepted)).toBeInTheDocument();
    used.unmount();
    vi.restoreAllMocks();

    window.history.replaceState(null, '', '/late-offer#token=nope');
    mockApi({
      'POST /v1/late-offers/read': { status: 404, message: lateOfferMessages.linkInvalid },
    });
    renderRoutes(routes, ['/late-offer']);
    expect(await screen.findByRole('alert')).toHaveTextContent(lateOfferMessages.linkInvalid);
  });
});
