import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Purchase } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { clearSession, setSession } from '../../../lib/session';
import { purchaseFixture, tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi, type MockHandler } from '../../../testing/mock-api';
import {
  expectOneReloadAfterFilters,
  expectPagingAtOnce,
  pageOf,
  queriesTo,
} from '../../../testing/paged-list';
import { renderRoutes } from '../../../testing/render';
import { PresaleRequestsList } from './presale-requests-list';

const LIST = 'GET /v1/purchase/getmypurchase';

const base: Purchase = {
  ...purchaseFixture,
  investmentAmount: '833.3333',
  tokenAmount: '41666.665',
  userAmount: '500',
  userCurrency: 'EUR',
  reference: 'TMC-7K3Q9',
  receiptUrl: 'http://files.test/uploads/r1.png?sig=1',
  receiptType: 'image',
  documentUrl: 'http://files.test/uploads/d1.pdf?sig=2',
  documentType: 'pdf',
  paidAt: '2025-03-05T03:30:00.000Z',
};

const accepted: Purchase = {
  ...base,
  _id: 'p-2',
  status: 1,
  wallet: `0x${'ab'.repeat(20)}`,
  userRemark: 'From savings',
  remark: 'Payment received',
};

const page = (rows: Purchase[], total?: number) => pageOf(rows, total);

function renderList(handler: MockHandler = page([base, accepted])) {
  setSession({ user: userFixture, tokens: tokensFixture() });
  const api = mockApi({ [LIST]: handler });
  const { router } = renderRoutes([
    { path: '/', element: <PresaleRequestsList /> },
    { path: '/presale-requests/:id', element: <p>Order page</p> },
  ]);
  const calls = queriesTo(api.spy, '/v1/purchase/getmypurchase');
  return { api, calls, router };
}

afterEach(() => {
  vi.useRealTimers();
  act(() => toast.clear());
  clearSession();
  vi.restoreAllMocks();
});

describe('PresaleRequestsList', () => {
  it('shows the count, the columns and a row per request', async () => {
    const { calls } = renderList();
    expect(
      await screen.findByRole('heading', { name: '2 Presale Requests', level: 1 }),
    ).toBeInTheDocument();
    expect(calls()).toEqual([{ page: '1', limit: '10' }]);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual([
      'Reference',
      'Requested On',
      'Request Status',
      'TMC',
      'Investment Amount',
      'User Currency',
      'Wallet',
      'Bank Receipt',
      'Document Id Front',
      'Document Id Back',
      'Billing Doc',
      'User Remark',
      'Admin Remark',
    ]);
    const [first, second] = screen.getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Pending')).toBeInTheDocument();
    expect(within(first).getByText('833.33 AUD')).toBeInTheDocument();
    expect(within(first).getByText('500.00 EUR')).toBeInTheDocument();
    // Wallet, Document Id Back, Billing Doc, User Remark, Admin Remark.
    expect(within(first).getAllByText('--')).toHaveLength(5);
    expect(within(second).getByText('Accepted')).toBeInTheDocument();
    expect(within(second).getByText('0xabab…abab')).toBeInTheDocument();
    expect(within(second).getByText('Payment received')).toBeInTheDocument();
    expect(within(first).getByText('41,666.67')).toBeInTheDocument();
  });

  it('marks a bank order without receipt as awaiting payment, and opens a row by its reference', async () => {
    const awaiting: Purchase = { ...base, receiptUrl: null, receiptType: null, paidAt: null };
    const { router } = renderList(page([awaiting]));
    const row = (await screen.findByText('Awaiting payment')).closest('tr') as HTMLElement;
    const link = within(row).getByRole('link', { name: /TMC-7K3Q9/ });
    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/presale-requests/p-1');
  });

  it('shows an image as a thumbnail that opens full size, and a pdf as a download link', async () => {
    renderList(page([base]));
    const thumbnail = await screen.findByRole('button', { name: 'View Bank Receipt' });
    expect(thumbnail.querySelector('img')).toHaveAttribute('src', base.receiptUrl);
    const pdf = screen.getByRole('link', { name: /View PDF.*Document Id Front/ });
    expect(pdf).toHaveAttribute('href', base.documentUrl);
    expect(pdf).toHaveAttribute('download');
    expect(pdf).not.toHaveAttribute('target');

    fireEvent.click(thumbnail);
    const dialog = screen.getByRole('dialog', { name: 'Bank Receipt' });
    expect(within(dialog).getByRole('img', { name: 'Bank Receipt' })).toHaveAttribute(
      'src',
      base.receiptUrl,
    );
  });

  it('reloads once, 1000 ms after the filters stop changing', async () => {
    const { calls } = renderList();
    await screen.findByRole('heading', { name: '2 Presale Requests' });
    await expectOneReloadAfterFilters(
      calls,
      [
        ['Sort by price', '1'],
        ['Status', '3'],
      ],
      500,
      {
        page: '1',
        limit: '10',
        'sort[price]': '1',
        'filter[query]': '{"status":3}',
      },
    );
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(calls()).toHaveLength(2);
  });

  it('reloads at once for a new page size or page', async () => {
    const { calls } = renderList(page([base, accepted], 40));
    await screen.findByRole('heading', { name: '40 Presale Requests' });

    await expectPagingAtOnce(calls, 25, (next) => fireEvent.click(next));
  });

  it('reloads on refresh', async () => {
    const { calls } = renderList();
    await screen.findByRole('heading', { name: '2 Presale Requests' });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls()).toHaveLength(2));
  });

  it('says when there is nothing yet', async () => {
    renderList(page([]));
    expect(await screen.findByText('No presale requests yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '0 Presale Requests' })).toBeInTheDocument();
  });

  it("toasts the server's message and shows the error", async () => {
    renderList({ status: 400, message: 'Invalid filter' });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(region).findByText('Invalid filter')).toBeInTheDocument();
    expect(screen.getByText('Could not load this list')).toBeInTheDocument();
  });
});
