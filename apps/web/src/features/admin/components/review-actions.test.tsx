import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../components/ui/toast';
import { clearSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithClient } from '../../../testing/render';
import { ReviewActions } from './review-actions';

const ID = '0b6a1c2d-3e4f-4a5b-8c9d-0e1f2a3b4c5d';
const DECIDE = `POST /v1/admin/purchases/${ID}/status`;

const review = (status: number, paymentMode = 0) => ({
  _id: ID,
  status: status as 0,
  paymentMode: paymentMode as 0,
  reference: 'TMC-7K3Q9',
});

const actionNames = () =>
  screen
    .queryAllByRole('button')
    .map((button) => button.textContent)
    .filter((name) => ['Accept', 'Reject', 'Not Accepted', 'Revert'].includes(name ?? ''));

afterEach(() => {
  act(() => toast.clear());
  clearSession();
  vi.restoreAllMocks();
});

describe('ReviewActions', () => {
  it('offers only the legal decisions for each status', () => {
    const cases: [number, number, string[]][] = [
      [0, 0, ['Accept', 'Reject', 'Not Accepted']],
      [0, 1, ['Reject', 'Not Accepted']],
      [1, 0, ['Revert']],
      [2, 0, []],
      [3, 0, []],
      [4, 0, []],
    ];
    for (const [status, mode, expected] of cases) {
      const { unmount } = renderWithClient(<ReviewActions review={review(status, mode)} />);
      expect(actionNames(), `status ${status}, mode ${mode}`).toEqual(expected);
      unmount();
    }
  });

  it('confirms, then sends the decision with the admin remark', async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    const api = mockApi({ [DECIDE]: { data: {}, message: 'Presale request updated' } });
    const onDecided = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<ReviewActions review={review(0)} onDecided={onDecided} />);

    await user.type(screen.getByLabelText('Admin remark'), '  Receipt does not match the bank  ');
    await user.click(screen.getByRole('button', { name: 'Reject' }));

    const confirm = screen.getByRole('dialog', { name: 'Reject request TMC-7K3Q9?' });
    expect(within(confirm).getByText('Receipt does not match the bank')).toBeInTheDocument();
    expect(api.spy).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, Reject' }));

    await waitFor(() => expect(onDecided).toHaveBeenCalled());
    expect(api.bodies(DECIDE)).toEqual([{ status: 2, remark: 'Receipt does not match the bank' }]);
    expect(await screen.findByText('TMC-7K3Q9 is now Rejected')).toBeInTheDocument();
    expect(screen.queryByText(/^Request TMC-7K3Q9/)).not.toBeInTheDocument();
  });

  it('sends no remark as null, and shows the server message when the decision is refused', async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    const refused = 'A request that is Accepted cannot be changed to Accepted';
    const api = mockApi({ [DECIDE]: { status: 400, message: refused } });
    const onDecided = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<ReviewActions review={review(0)} onDecided={onDecided} />);

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(screen.getByRole('button', { name: 'Yes, Accept' }));

    expect(await screen.findByText(refused)).toBeInTheDocument();
    expect(api.bodies(DECIDE)).toEqual([{ status: 1, remark: null }]);
    expect(onDecided).not.toHaveBeenCalled();
  });

  it('starts a refund of an accepted order in the coin it was paid in', async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    const api = mockApi({
      'POST /v1/admin/refunds': { status: 201, data: {}, message: 'Refund created' },
    });
    const user = userEvent.setup();
    renderWithClient(<ReviewActions review={review(1)} />);
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: /^Refund / });
    await user.type(within(dialog).getByLabelText(/Amount \(AUD\)/), '50');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Half back');
    await user.click(within(dialog).getByRole('button', { name: 'Start refund' }));
    await waitFor(() =>
      expect(api.bodies('POST /v1/admin/refunds')).toEqual([
        { purchaseId: review(1)._id, amount: '50', coin: 'AUD', reason: 'Half back' },
      ]),
    );
  });

  it("offers a late payment at today's price or a refund, never a decision at its old price", async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    const OFFER = `POST /v1/admin/purchases/${ID}/late-offer`;
    const api = mockApi({
      [OFFER]: {
        status: 201,
        data: {},
        message: 'Offer sent: the buyer accepts it by the link in the e-mail',
      },
    });
    const user = userEvent.setup();
    renderWithClient(
      <ReviewActions
        review={{ ...review(3), lateReceiptAt: '2025-03-09T04:00:00.000Z', lateOffer: null }}
      />,
    );
    expect(actionNames()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Offer at today’s price' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, e-mail the offer' }));
    await waitFor(() => expect(api.bodies(OFFER)).toHaveLength(1));
  });

  it('cancelling the confirmation sends nothing', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithClient(<ReviewActions review={review(1)} />);
    await user.click(screen.getByRole('button', { name: 'Revert' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.spy).not.toHaveBeenCalled();
  });

  it('accepts a bank order without a receipt only with an override reason, which it sends', async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    const api = mockApi({ [DECIDE]: { data: {}, message: 'Presale request updated' } });
    const onDecided = vi.fn();
    const user = userEvent.setup();
    renderWithClient(
      <ReviewActions review={{ ...review(0), receiptUrl: null }} onDecided={onDecided} />,
    );

    const accept = screen.getByRole('button', { name: 'Accept' });
    expect(accept).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();
    await user.type(
      screen.getByLabelText('Override reason (to accept without a receipt)'),
      ' Seen on the bank statement ',
    );
    expect(accept).toBeEnabled();
    await user.click(accept);
    const confirm = screen.getByRole('dialog', { name: 'Accept request TMC-7K3Q9?' });
    expect(within(confirm).getByText('Seen on the bank statement')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, Accept' }));

    await waitFor(() => expect(onDecided).toHaveBeenCalled());
    expect(api.bodies(DECIDE)).toEqual([
      { status: 1, remark: null, overrideReason: 'Seen on the bank statement' },
    ]);
  });
});
