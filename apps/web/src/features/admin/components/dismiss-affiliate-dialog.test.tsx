import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { clearSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithClient } from '../../../testing/render';
import { DismissAffiliateDialog } from './dismiss-affiliate-dialog';

const affiliate: AdminUser = {
  ...userFixture,
  _id: '2c9f4b1e-8a7d-4e6f-9b0a-1c2d3e4f5a6b',
  email: 'ada@example.com',
  isAffiliated: true,
  affiliateCode: 'ADA123',
  referredBy: null,
  referrals: 3,
};
const DISMISS = `POST /v1/admin/users/${affiliate._id}/dismiss`;

afterEach(() => {
  act(() => toast.clear());
  clearSession();
  vi.restoreAllMocks();
});

describe('DismissAffiliateDialog', () => {
  it('requires a reason, then sends it trimmed and reports how many earnings were voided', async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    const api = mockApi({
      [DISMISS]: {
        data: { ...affiliate, isAffiliated: false, voidedEarnings: 2 },
        message: 'Affiliate dismissed',
      },
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<DismissAffiliateDialog user={affiliate} onClose={onClose} />);

    const dialog = screen.getByRole('dialog', { name: 'Dismiss ada@example.com for breach?' });
    const confirm = within(dialog).getByRole('button', { name: 'Dismiss for breach' });
    await user.click(confirm);
    expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Reason/), '   ');
    await user.click(confirm);
    expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();
    expect(api.spy).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText(/Reason/));
    await user.type(within(dialog).getByLabelText(/Reason/), '  Promised returns on TikTok ');
    expect(within(dialog).queryByText('Reason is required')).not.toBeInTheDocument();
    await user.click(confirm);

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.bodies(DISMISS)).toEqual([{ reason: 'Promised returns on TikTok' }]);
    expect(await screen.findByText('Affiliate dismissed: 2 earnings voided')).toBeInTheDocument();
  });

  it('stays open and shows the server message when the dismissal is refused', async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    mockApi({ [DISMISS]: { status: 400, message: 'Only an affiliate can be dismissed' } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<DismissAffiliateDialog user={affiliate} onClose={onClose} />);

    await user.type(screen.getByLabelText(/Reason/), 'Spam');
    await user.click(screen.getByRole('button', { name: 'Dismiss for breach' }));

    expect(await screen.findByText('Only an affiliate can be dismissed')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is closed without a user', () => {
    renderWithClient(<DismissAffiliateDialog user={null} onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
