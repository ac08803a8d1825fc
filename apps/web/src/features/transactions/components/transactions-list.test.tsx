import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  messages,
  PAYMENT_REVIEW_NOTE,
  verifyPaymentMessages,
  type Transaction,
} from '@tmc/shared';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { clearSession, setSession } from '../../../lib/session';
import { presaleConfigFixture, tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi, type MockHandler } from '../../../testing/mock-api';
import {
  expectOneReloadAfterFilters,
  expectPagingAtOnce,
  pageOf,
  queriesTo,
} from '../../../testing/paged-list';
import { renderRoutes, renderWithClient, stubPhoneWidth } from '../../../testing/render';
import { TransactionsList } from './transactions-list';
import { VerifyPaymentForm } from './verify-payment-form';

const LIST = 'GET /v1/transaction/getUserTransaction';
const VERIFY = 'POST /v1/transaction/verify-crypto-pay/t-pending';
const HASH = `0x1234ab${'0'.repeat(54)}9f3c`;
const PAID_HASH = `0xabcdef${'1'.repeat(54)}beef`;

const bank: Transaction = {
  _id: 't-bank',
  createdAt: '2025-03-05T03:30:00.000Z',
  price: '833.33',
  currency: 'AUD',
  tokenSymbol: 'TMC',
  tokenAmount: '16666.6',
  userCurrency: 'EUR',
  userAmount: '500.00',
  paymentStatus: 1,
  paymentMode: 0,
  txnHash: null,
  walletAddress: null,
  purchaseId: 'p-1',
  quoteExpiresAt: null,
  stageId: null,
  stageName: null,
  received: null,
  missing: null,
};

const pending: Transaction = {
  _id: 't-pending',
  createdAt: '2025-03-06T03:30:00.000Z',
  price: '0.053000000000000000',
  currency: 'ETH',
  tokenSymbol: 'ETH',
  tokenAmount: '13250',
  userCurrency: null,
  userAmount: null,
  paymentStatus: 0,
  paymentMode: 1,
  txnHash: null,
  walletAddress: '0x4444444444444444444444444444444444444444',
  purchaseId: 'p-2',
  quoteExpiresAt: '2025-03-05T04:30:00.000Z',
  stageId: null,
  stageName: null,
  received: null,
  missing: null,
};

const paid: Transaction = {
  ...pending,
  _id: 't-paid',
  price: '12.500000',
  currency: 'USDC',
  tokenSymbol: 'USDC',
  userCurrency: 'USDC',
  userAmount: '12.500000',
  paymentStatus: 1,
  txnHash: PAID_HASH,
};

const failedCrypto: Transaction = { ...pending, _id: 't-failed', paymentStatus: 2 };
const pendingBank: Transaction = { ...bank, _id: 't-bank-pending', paymentStatus: 0 };

const page = (rows: Transaction[], total?: number) => pageOf(rows, total);

function renderList(
  handlers: Record<string, MockHandler> = {},
  list: MockHandler = page([bank, pending, paid]),
) {
  setSession({ user: userFixture, tokens: tokensFixture() });
  const api = mockApi({ [LIST]: list, ...handlers });
  const user = userEvent.setup();
  const view = renderRoutes(
    [
      {
        path: paths.transaction,
        element: <TransactionsList companyWallet={presaleConfigFixture.companyWallet} />,
      },
    ],
    [`${paths.transaction}?from=menu`],
  );
  const calls = queriesTo(api.spy, '/v1/transaction/getUserTransaction');
  return { api, user, calls, ...view };
}

const rowOf = (text: string) => screen.getAllByText(text)[0]?.closest('tr') as HTMLElement;
const notifications = () => screen.getByRole('region', { name: 'Notifications' });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  act(() => toast.clear());
  clearSession();
  vi.restoreAllMocks();
});

describe('TransactionsList', () => {
  it('shows the count, the columns and each payment as the spec describes', async () => {
    const { calls } = renderList();
    expect(
      await screen.findByRole('heading', { name: '3 Transactions', level: 1 }),
    ).toBeInTheDocument();
    expect(calls()).toEqual([{ page: '1', limit: '10' }]);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Created On',
      'Price',
      'User Currency',
      'Request Status',
      'Payment Type',
      'Transaction Hash',
      'Actions',
    ]);

    const bankRow = rowOf('833.33 AUD');
    expect(within(bankRow).getByText('500.00 EUR')).toBeInTheDocument();
    expect(within(bankRow).getByText('Success')).toBeInTheDocument();
    expect(within(bankRow).getByText('Bank')).toBeInTheDocument();

    const pendingRow = rowOf('0.053 ETH');
    expect(within(pendingRow).getByText('Pending')).toBeInTheDocument();
    expect(within(pendingRow).getByText('Crypto wallet')).toBeInTheDocument();
    // No user currency, no hash.
    expect(within(pendingRow).getAllByText('-')).toHaveLength(2);

    const paidRow = rowOf('12.50 USDC');
    const hash = within(paidRow).getByText('0xabcd…beef');
    expect(hash).toHaveAttribute('title', PAID_HASH);
    expect(
      within(paidRow).getByRole('button', { name: 'Copy transaction hash' }),
    ).toBeInTheDocument();
  });

  it('offers Verify only for a Pending crypto-wallet payment', async () => {
    renderList({}, page([bank, pendingBank, pending, paid, failedCrypto]));
    await screen.findByRole('heading', { name: '5 Transactions' });
    const buttons = screen.getAllByRole('button', { name: 'Verify' });
    expect(buttons).toHaveLength(1);
    const row = buttons[0]?.closest('tr') as HTMLElement;
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText('Crypto wallet')).toBeInTheDocument();
  });

  it('reloads once, 1000 ms after the filters stop changing', async () => {
    const { calls } = renderList();
    await screen.findByRole('heading', { name: '3 Transactions' });
    await expectOneReloadAfterFilters(
      calls,
      [
        ['Sort by price', '-1'],
        ['Payment mode', '1'],
        ['Status', '0'],
      ],
      400,
      {
        page: '1',
        limit: '10',
        'sort[price]': '-1',
        'filter[query]': '{"paymentStatus":0,"paymentMode":1}',
      },
    );

    fireEvent.change(screen.getByLabelText('Payment mode'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(calls()).toHaveLength(3);
    expect(calls()[2]).toMatchObject({ 'filter[query]': '{"paymentMode":0}' });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(calls()).toHaveLength(3);
  });

  it('offers the spec filter choices', async () => {
    renderList();
    await screen.findByRole('heading', { name: '3 Transactions' });
    const labels = (name: string) =>
      within(screen.getByLabelText(name))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(labels('Sort by price')).toEqual(['None', 'Ascending', 'Descending']);
    expect(labels('Payment mode')).toEqual(['All', 'Wallet', 'Presale Request']);
    expect(labels('Status')).toEqual(['All', 'Success', 'Pending', 'Failed', 'Refund']);
  });

  it('reloads at once for a new page size or page, and on refresh', async () => {
    const { calls, user } = renderList({}, page([bank, pending], 40));
    await screen.findByRole('heading', { name: '40 Transactions' });

    await expectPagingAtOnce(calls, 30, (next) => user.click(next));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls()).toHaveLength(4));
  });

  it('shows each payment as a card on a phone', async () => {
    stubPhoneWidth();
    renderList();
    await screen.findByRole('heading', { name: '3 Transactions' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Transactions' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(3);
    const pendingCard = cards[1] as HTMLElement;
    expect(within(pendingCard).getByText('Payment Type')).toBeInTheDocument();
    expect(within(pendingCard).getByText('Crypto wallet')).toBeInTheDocument();
    expect(within(pendingCard).getByRole('button', { name: 'Verify' })).toBeInTheDocument();
    expect(within(cards[2] as HTMLElement).getByText('0xabcd…beef')).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    renderList({}, page([]));
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '0 Transactions' })).toBeInTheDocument();
  });

  it("toasts the server's message when the list fails", async () => {
    renderList({}, { status: 400, message: 'Invalid filter' });
    expect(await within(notifications()).findByText('Invalid filter')).toBeInTheDocument();
    expect(screen.getByText('Could not load this list')).toBeInTheDocument();
  });

  it('verifies a pending payment in the modal, then reloads the list', async () => {
    let verified = false;
    const { api, user, calls, router } = renderList(
      {
        [VERIFY]: () => {
          verified = true;
          return {
            message: 'Payment verified, your presale request is accepted',
            data: { msg: 'ok' },
          };
        },
      },
      () =>
        page(verified ? [bank, { ...pending, paymentStatus: 1, txnHash: HASH }] : [bank, pending]),
    );
    await screen.findByRole('heading', { name: '2 Transactions' });
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const dialog = screen.getByRole('dialog', { name: 'Verify Payment' });
    expect(
      within(dialog).getByText(
        'Keep this tab open: do not refresh or close it until your transfer is verified.',
      ),
    ).toBeInTheDocument();
    // p4: no "Admin wallet" for a buyer, and the hash is asked for only when it is needed.
    expect(within(dialog).queryByText('Admin wallet')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Company wallet (where you paid)')).toBeInTheDocument();
    expect(within(dialog).getByText(/We detect an exact payment by ourselves/)).toBeInTheDocument();
    expect(within(dialog).getByText(pending.walletAddress as string)).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Copy company wallet address' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('0.053 ETH')).toBeInTheDocument();

    // A malformed hash never reaches the server.
    await user.type(within(dialog).getByLabelText('Transaction Hash'), '0x1234');
    await user.click(within(dialog).getByRole('button', { name: 'Verify After Pay' }));
    expect(within(dialog).getByText(verifyPaymentMessages.hashFormat)).toBeInTheDocument();
    expect(api.bodies(VERIFY)).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Transaction Hash'));
    await user.type(within(dialog).getByLabelText('Transaction Hash'), HASH);
    await user.click(within(dialog).getByRole('button', { name: 'Verify After Pay' }));

    // The outcome in the spec's result modal, in place of the Verify modal.
    const result = await screen.findByRole('dialog', { name: 'SUCCESS' });
    expect(screen.queryByRole('dialog', { name: 'Verify Payment' })).not.toBeInTheDocument();
    expect(api.bodies(VERIFY)).toEqual([{ txnHash: HASH }]);
    expect(
      within(result).getByText('Payment verified, your presale request is accepted'),
    ).toBeInTheDocument();
    await user.click(within(result).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(paths.transaction);
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(calls()).toHaveLength(2));
    expect(await screen.findByText('0x1234…9f3c')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal in a toast and under the field, and keeps the modal open", async () => {
    const refusal = verifyPaymentMessages.notEnoughConfirmations;
    const { user, calls } = renderList({ [VERIFY]: { status: 400, message: refusal } });
    await screen.findByRole('heading', { name: '3 Transactions' });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const dialog = screen.getByRole('dialog', { name: 'Verify Payment' });
    await user.type(within(dialog).getByLabelText('Transaction Hash'), HASH);
    await user.click(within(dialog).getByRole('button', { name: 'Verify After Pay' }));

    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(within(notifications()).getByText(refusal)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Verify After Pay' })).toBeEnabled();
    expect(calls()).toHaveLength(1);
  });
});

describe('VerifyPaymentForm', () => {
  it("says 'Transaction session missing.' when there is no transaction id", async () => {
    const { spy } = mockApi({});
    const onVerified = vi.fn();
    renderWithClient(<VerifyPaymentForm transactionId={null} onVerified={onVerified} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Transaction Hash'), HASH);
    await user.click(screen.getByRole('button', { name: 'Verify After Pay' }));

    expect(screen.getByRole('alert')).toHaveTextContent(messages.transactionSessionMissing);
    expect(
      within(notifications()).getByText(messages.transactionSessionMissing),
    ).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('shows a payment handed to staff as information of what happens next, not as an error', async () => {
    const handed = `This payment does not match the amount quoted for this order. ${PAYMENT_REVIEW_NOTE}`;
    mockApi({ 'POST /v1/transaction/verify-crypto-pay/t-1': { status: 400, message: handed } });
    const onVerified = vi.fn();
    renderWithClient(<VerifyPaymentForm transactionId="t-1" onVerified={onVerified} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Transaction Hash'), HASH);
    await user.click(screen.getByRole('button', { name: 'Verify After Pay' }));

    expect(await screen.findByRole('status')).toHaveTextContent(handed);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Transaction Hash')).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(notifications()).queryByText(handed)).not.toBeInTheDocument();
    expect(onVerified).not.toHaveBeenCalled();
  });
});
