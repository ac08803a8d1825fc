import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  unmatchedPaymentMessages,
  type UnmatchedPayment,
  type UnmatchedPaymentDetail,
} from '@tmc/shared';
import type { MockHandler } from '../../../testing/mock-api';
import { renderStaffScreen, withStaffSession } from '../../../testing/staff';
import { UnmatchedPayments } from './unmatched-payments';

const LIST = 'GET /v1/admin/unmatched-payments';
const short: UnmatchedPayment = {
  _id: 'u-1',
  txnHash: `0xab12${'0'.repeat(56)}9f3c`,
  logIndex: null,
  coin: 'ETH',
  fromAddress: '0x9999999999999999999999999999999999998888',
  amount: '0.049000000000000000',
  blockNumber: '1234',
  blockTime: '2025-03-05T03:45:00.000Z',
  reason: 'short',
  status: 'open',
  purchaseReference: 'TMC-7KQ2XM',
  remark: null,
  createdAt: '2025-03-05T03:46:00.000Z',
  resolvedAt: null,
  claimCount: 2,
  claimedFor: ['TMC-7KQ2XM', 'TMC-B0TB0T'],
  flagged: true,
};
const unknown: UnmatchedPayment = {
  ...short,
  _id: 'u-2',
  txnHash: `0xcd34${'0'.repeat(56)}77aa`,
  logIndex: 3,
  coin: 'USDC',
  amount: '125.500000',
  reason: 'unknown',
  purchaseReference: null,
  claimCount: 0,
  claimedFor: [],
  flagged: false,
};
const DETAIL = `GET /v1/admin/unmatched-payments/${short._id}`;
const detail: UnmatchedPaymentDetail = {
  ...short,
  purchaseReference: null,
  toAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  claims: [
    {
      reference: 'TMC-B0TB0T',
      email: 'bot@example.com',
      claimedAt: '2025-03-05T03:47:00.000Z',
      senderProven: false,
    },
    {
      reference: 'TMC-7KQ2XM',
      email: 'payer@example.com',
      claimedAt: '2025-03-05T03:48:00.000Z',
      senderProven: false,
    },
  ],
  candidates: [
    {
      reference: 'TMC-7KQ2XM',
      email: 'payer@example.com',
      open: true,
      coin: 'ETH',
      amountDue: '0.050000000000524598',
      difference: '-0.001000000000524598',
      differenceAud: '-5.00',
      tokensForValue: '12250.000000000000000000',
      tokensDue: '12500.000000000000000000',
      senderProven: false,
      senderProvenSince: null,
      provenWallets: [],
      claimed: true,
      suggestion: "This order's amount cut to 3 decimals",
    },
  ],
};
const ASSIGN = `POST /v1/admin/unmatched-payments/${short._id}/assign`;
const REFUND = `POST /v1/admin/unmatched-payments/${short._id}/refund`;

const page = (rows: UnmatchedPayment[]) => ({
  data: { data: rows, page: 1, limit: 10, totalResults: rows.length, totalPages: 1 },
});

function renderScreen(handlers: Record<string, MockHandler> = {}) {
  const { api, user } = renderStaffScreen(<UnmatchedPayments />, {
    [LIST]: page([short, unknown]),
    [DETAIL]: { data: detail },
    ...handlers,
  });
  const listCalls = () =>
    api.spy.mock.calls
      .map(([input]) =>
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      )
      .filter((url) => url.includes('/v1/admin/unmatched-payments?'));
  return { api, user, listCalls };
}

const notifications = () => screen.getByRole('region', { name: 'Notifications' });
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

withStaffSession();

describe('Unmatched payments', () => {
  it('lists the open payments with amount, coin, reason, sender, hash and the claimed order', async () => {
    const { listCalls } = renderScreen();
    expect(
      await screen.findByRole('heading', { name: /2 Unmatched payments/ }),
    ).toBeInTheDocument();
    expect(listCalls()[0]).toContain('status=open');

    const first = rowOf('0.049 ETH');
    expect(within(first).getByText('Paid less than quoted')).toBeInTheDocument();
    expect(within(first).getByText('0x9999…8888')).toBeInTheDocument();
    expect(within(first).getByText('0xab12…9f3c')).toBeInTheDocument();
    expect(
      within(first).getByRole('button', { name: 'Copy transaction hash' }),
    ).toBeInTheDocument();
    expect(within(first).getByText('TMC-7KQ2XM')).toBeInTheDocument();
    expect(within(first).getByText('Open')).toBeInTheDocument();

    const second = rowOf('125.5 USDC');
    expect(within(second).getByText('No matching order')).toBeInTheDocument();
    expect(
      within(second).getByRole('button', { name: 'Assign payment 0xcd34…77aa' }),
    ).toBeEnabled();
  });

  it('shows ETH paid through a contract by its block, with no transaction or sender to link', async () => {
    const internal: UnmatchedPayment = {
      ...short,
      _id: 'u-3',
      txnHash: `0xbb${'1'.repeat(62)}`,
      fromAddress: '0x0000000000000000000000000000000000000000',
      amount: '0.012300000000000000',
      blockNumber: '4321',
      reason: 'internal',
      purchaseReference: null,
      claimCount: 0,
      flagged: false,
    };
    renderScreen({ [LIST]: page([internal]) });
    await screen.findByRole('heading', { name: /1 Unmatched payment/ });
    const row = rowOf('0.0123 ETH');
    expect(
      within(row).getByText('ETH sent through a contract: sender unknown'),
    ).toBeInTheDocument();
    expect(
      within(row).getByText('Block 4321, through a contract: sender unknown'),
    ).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Copy transaction hash' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Copy sender address' })).toBeNull();
  });

  it('shows the orders buyers claimed a payment for, and no reason once it is assigned (m6)', async () => {
    const claimedOnly: UnmatchedPayment = {
      ...short,
      _id: 'u-4',
      amount: '0.03',
      reason: 'unknown',
      purchaseReference: null,
      claimedFor: ['TMC-7KQ2XM', 'TMC-B0TB0T'],
    };
    const assigned: UnmatchedPayment = {
      ...unknown,
      _id: 'u-5',
      amount: '0.04',
      coin: 'ETH',
      status: 'assigned',
      purchaseReference: 'TMC-Z4WS47',
      resolvedAt: '2025-03-06T03:46:00.000Z',
    };
    renderScreen({ [LIST]: page([claimedOnly, assigned]) });
    await screen.findByText('0.03 ETH');
    const claimed = rowOf('0.03 ETH');
    expect(within(claimed).getByText(/^Claimed:/)).toHaveTextContent(
      'Claimed: TMC-7KQ2XM, TMC-B0TB0T',
    );
    expect(within(claimed).getByText('No matching order')).toBeInTheDocument();

    const done = rowOf('0.04 ETH');
    expect(within(done).getByText('TMC-Z4WS47')).toBeInTheDocument();
    expect(within(done).queryByText('No matching order')).toBeNull();
  });

  it('fills the reference from a candidate, and gives the difference in AUD too (m6)', async () => {
    const { user } = renderScreen();
    await screen.findByText('0.049 ETH');
    await user.click(screen.getByRole('button', { name: 'Assign payment 0xab12…9f3c' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign payment to an order' });
    const candidate = (await within(dialog).findByText('TMC-7KQ2XM', { selector: 'strong' }))
      .parentElement!;
    expect(candidate).toHaveTextContent('difference -0.001000000000524598 ETH (≈ -5.00 AUD)');

    await user.click(within(candidate).getByRole('button', { name: 'Use TMC-7KQ2XM' }));
    expect(within(dialog).getByLabelText(/Order reference/)).toHaveValue('TMC-7KQ2XM');
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Use TMC-7KQ2XM' })).toBeNull(),
    );
  });

  it('filters by status and says when there is nothing to show', async () => {
    const { user, listCalls } = renderScreen({
      [LIST]: () => ({ ...page([]) }),
    });
    expect(await screen.findByText('No open unmatched payments')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'assigned');
    await waitFor(() => expect(listCalls().at(-1)).toContain('status=assigned'), {
      timeout: 3000,
    });
    expect(await screen.findByText('No assigned unmatched payments')).toBeInTheDocument();
  });

  it('assigns a payment to an order: reference and remark required, trimmed, then toasted', async () => {
    const { api, user, listCalls } = renderScreen({
      [ASSIGN]: {
        data: { ...short, status: 'assigned', remark: 'Buyer topped up' },
        message: 'Payment assigned',
      },
    });
    await screen.findByText('0.049 ETH');
    await user.click(screen.getByRole('button', { name: 'Assign payment 0xab12…9f3c' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign payment to an order' });
    // No claim is offered as the answer: every claim, flagged, and each order against the transfer.
    expect(within(dialog).queryByText(/claimed it for/)).not.toBeInTheDocument();
    expect(await within(dialog).findByText(/Check: several claims/)).toBeInTheDocument();
    expect(within(dialog).getByText(/TMC-B0TB0T by bot@example.com/)).toBeInTheDocument();
    // p9: the claim's time in the console's format ("05 Mar 2025, 03:47 am"), not "5/3/2025, …".
    expect(within(dialog).getByText(/TMC-B0TB0T by bot@example.com/)).toHaveTextContent(
      /by bot@example\.com, \d{2} [A-Z][a-z]{2} 2025, \d{2}:\d{2} [ap]m:/,
    );
    expect(within(dialog).getByText(/TMC-7KQ2XM by payer@example.com/)).toBeInTheDocument();
    expect(within(dialog).getByText(/due 0.050000000000524598 ETH/)).toBeInTheDocument();
    expect(within(dialog).getByText(/credits 12,250 of 12,500 tokens/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/was not a wallet this account proved when it was sent/),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("Likely: This order's amount cut to 3 decimals"),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Assign payment' }));
    expect(within(dialog).getByText(unmatchedPaymentMessages.reference)).toBeInTheDocument();
    expect(within(dialog).getByText(unmatchedPaymentMessages.remarkRequired)).toBeInTheDocument();
    expect(api.bodies(ASSIGN)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Order reference/), ' tmc-7kq2xm ');
    await user.type(within(dialog).getByLabelText(/^Remark/), '  Buyer topped up  ');
    const before = listCalls().length;
    await user.click(within(dialog).getByRole('button', { name: 'Assign payment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.bodies(ASSIGN)).toEqual([{ reference: 'TMC-7KQ2XM', remark: 'Buyer topped up' }]);
    expect(within(notifications()).getByText('Payment assigned')).toBeInTheDocument();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('credits the whole order only with an override and its reason', async () => {
    const { api, user } = renderScreen({
      [ASSIGN]: { data: { ...short, status: 'assigned' }, message: 'Payment assigned' },
    });
    await screen.findByText('0.049 ETH');
    await user.click(screen.getByRole('button', { name: 'Assign payment 0xab12…9f3c' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign payment to an order' });
    await user.type(within(dialog).getByLabelText(/Order reference/), 'TMC-7KQ2XM');
    await user.type(within(dialog).getByLabelText(/^Remark/), 'Checked');
    await user.click(within(dialog).getByLabelText(/override/));
    await user.click(within(dialog).getByRole('button', { name: 'Assign payment' }));
    expect(within(dialog).getByText(unmatchedPaymentMessages.overrideRequired)).toBeInTheDocument();
    expect(api.bodies(ASSIGN)).toEqual([]);
    // m18: focus goes to the field in error, not left on the button.
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Reason for the override/)).toHaveFocus(),
    );
    await user.type(within(dialog).getByLabelText(/Reason for the override/), 'Rest paid in cash');
    await user.click(within(dialog).getByRole('button', { name: 'Assign payment' }));
    await waitFor(() =>
      expect(api.bodies(ASSIGN)).toEqual([
        { reference: 'TMC-7KQ2XM', remark: 'Checked', override: 'Rest paid in cash' },
      ]),
    );
  });

  it('asks an override for one reason, which is also the remark unless staff add one (p8)', async () => {
    const { api, user } = renderScreen({
      [ASSIGN]: { data: { ...short, status: 'assigned' }, message: 'Payment assigned' },
    });
    await screen.findByText('0.049 ETH');
    await user.click(screen.getByRole('button', { name: 'Assign payment 0xab12…9f3c' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign payment to an order' });
    await user.type(within(dialog).getByLabelText(/Order reference/), 'TMC-7KQ2XM');
    await user.click(within(dialog).getByLabelText(/override/));
    expect(within(dialog).getByLabelText(/^Remark \(optional\)/)).not.toBeRequired();
    expect(within(dialog).getByLabelText(/^Remark/)).toHaveAccessibleDescription(
      'Left empty, the reason for the override is the remark.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Assign payment' }));
    expect(within(dialog).getByText(unmatchedPaymentMessages.overrideRequired)).toBeInTheDocument();
    expect(within(dialog).queryByText(unmatchedPaymentMessages.remarkRequired)).toBeNull();
    expect(api.bodies(ASSIGN)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason for the override/), 'Exchange fee');
    await user.click(within(dialog).getByRole('button', { name: 'Assign payment' }));
    await waitFor(() =>
      expect(api.bodies(ASSIGN)).toEqual([
        { reference: 'TMC-7KQ2XM', remark: 'Exchange fee', override: 'Exchange fee' },
      ]),
    );
  });

  it('keeps the dialog open with the server message when the assignment is refused', async () => {
    const refused = 'This purchase would go over the presale hard cap';
    const { user } = renderScreen({ [ASSIGN]: { status: 400, message: refused } });
    await screen.findByText('0.049 ETH');
    await user.click(screen.getByRole('button', { name: 'Assign payment 0xab12…9f3c' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign payment to an order' });
    await user.type(within(dialog).getByLabelText(/Order reference/), 'TMC-7KQ2XM');
    await user.type(within(dialog).getByLabelText(/^Remark/), 'Checked with the buyer');
    await user.click(within(dialog).getByRole('button', { name: 'Assign payment' }));

    expect(await within(notifications()).findByText(refused)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Assign payment to an order' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Assign payment' })).toBeEnabled();
  });

  it('marks a payment refunded with a remark, its buttons disabled while it is sent', async () => {
    let answer: (reply: { data: UnmatchedPayment; message: string }) => void = () => undefined;
    const { api, user } = renderScreen({
      [REFUND]: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    await screen.findByText('0.049 ETH');
    await user.click(screen.getByRole('button', { name: 'Mark payment 0xab12…9f3c refunded' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark payment refunded' });
    expect(within(dialog).queryByLabelText(/Order reference/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    expect(within(dialog).getByText(unmatchedPaymentMessages.remarkRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/Remark/), 'Sent back to the sender');
    await user.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    await waitFor(() =>
      expect(api.bodies(REFUND)).toEqual([{ remark: 'Sent back to the sender' }]),
    );
    expect(within(dialog).getByRole('button', { name: 'Mark refunded' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    act(() => answer({ data: { ...short, status: 'refunded' }, message: '' }));
    expect(await within(notifications()).findByText('Payment marked refunded')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('can be used with the keyboard alone', async () => {
    const { api, user } = renderScreen({ [REFUND]: { data: short, message: 'Payment refunded' } });
    await screen.findByText('0.049 ETH');
    screen.getByRole('button', { name: 'Mark payment 0xab12…9f3c refunded' }).focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Mark payment refunded' });
    await user.click(within(dialog).getByLabelText(/Remark/));
    await user.keyboard('Refunded by bank');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Mark refunded' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.bodies(REFUND)).toEqual([{ remark: 'Refunded by bank' }]));
  });
});
