import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  lateOfferMessages,
  purchaseMessages,
  type Bank,
  type Holdings,
  type Purchase,
  type PurchaseDetail,
} from '@tmc/shared';
import { clearSession, setSession } from '../../../lib/session';
import { purchaseFixture, tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi, type MockHandler } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import { HoldingsCard } from './holdings-card';
import { PurchaseOrder } from './purchase-order';

const bank: Bank = {
  _id: 'bank-1',
  bankName: 'Demo Bank',
  accountHolder: 'TMC Presale Pty Ltd',
  BIC: 'DEMOAU2S',
  currency: 'AUD',
};

const awaiting: Purchase = { ...purchaseFixture, userRemark: 'From savings' };

const detail = (
  purchase: Purchase,
  delivery: PurchaseDetail['delivery'] = null,
): { data: PurchaseDetail } => ({
  data: {
    purchase,
    delivery,
    bankAccount: bank,
    transaction: null,
    tokenSymbol: 'TMC',
    refunds: [],
    lateOffer: null,
    payment: {
      state: 'awaitingPayment',
      txnHash: null,
      amount: null,
      coin: null,
      blockNumber: null,
      quoted: null,
      overridden: false,
      confirmations: null,
      confirmationsRequired: null,
      missing: null,
      dueBy: null,
      tokens: null,
      live: false,
    },
    cancelledByBuyer: false,
  },
});

function renderOrder(handler: MockHandler) {
  setSession({ user: userFixture, tokens: tokensFixture() });
  const api = mockApi({ 'GET /v1/purchase/p-1': handler });
  const view = renderRoutes(
    [
      {
        path: '/presale-requests/:id',
        element: (
          <PurchaseOrder
            id="p-1"
            BankDetails={({ bank: b }) => <p>Pay into {b.bankName}</p>}
            upload={() => Promise.resolve('http://files.test/f.png')}
            cryptoPayment={() => <p>Crypto step</p>}
          />
        ),
      },
      { path: '/presale-requests', element: <p>List</p> },
    ],
    ['/presale-requests/p-1'],
  );
  return { api, ...view };
}

/** A timeline step's line, e.g. "Paid (next)" (the state is a visually hidden part). */
const step = (timeline: HTMLElement, text: string) =>
  within(timeline).getByText(
    (_, element) => element?.tagName === 'P' && element.textContent === text,
  );

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('PurchaseOrder refunds', () => {
  const accepted: Purchase = {
    ...purchaseFixture,
    status: 1,
    receiptUrl: 'http://files.test/r.png',
  };
  const declined: PurchaseDetail['refunds'][number] = {
    id: 'r-1',
    state: 'declined',
    coin: 'AUD',
    amount: '100.00',
    destination: 'The bank account that paid order TMC-7KQ2XM',
    evidence: null,
    reason: 'Changed my mind',
    declineReason: 'Sales are final after 14 days',
    requestedBy: 'buyer',
    createdAt: '2026-03-01T00:00:00.000Z',
    approvedAt: null,
    paidAt: null,
    declinedAt: '2026-03-02T00:00:00.000Z',
    tokensReduced: null,
  };

  it('shows a declined refund with its reason, and offers a new request with the rules', async () => {
    const { data } = detail(accepted);
    renderOrder({ data: { ...data, refunds: [declined] } });
    const section = await screen.findByRole('region', { name: 'Refunds' });
    // The badge and the step.
    expect(within(section).getAllByText('Declined')).toHaveLength(2);
    expect(within(section).getByText('Sales are final after 14 days')).toBeInTheDocument();
    expect(within(section).getByText('Requested by you')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Request a refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a refund' });
    expect(
      within(dialog).getByText(/send them back to the company wallet first/),
    ).toBeInTheDocument();
    const api = mockApi({
      'GET /v1/purchase/p-1': { data: { ...data, refunds: [declined] } },
      'POST /v1/purchase/p-1/refund-request': {
        status: 201,
        data: { ...declined, id: 'r-2', state: 'requested' },
      },
    });
    await user.type(within(dialog).getByLabelText(/Why do you want a refund/), 'Need the money');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(api.bodies('POST /v1/purchase/p-1/refund-request')).toEqual([
      { reason: 'Need the money' },
    ]);
  });

  it('offers no request while one is in progress, nor on an order still awaiting payment', async () => {
    const { data } = detail(accepted);
    const inProgress = renderOrder({
      data: {
        ...data,
        refunds: [{ ...declined, state: 'requested', declineReason: null, declinedAt: null }],
      },
    });
    const section = await screen.findByRole('region', { name: 'Refunds' });
    expect(within(section).getByText('Requested', { selector: 'span' })).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Request a refund' })).toBeNull();
    inProgress.unmount();

    renderOrder(detail(awaiting));
    await screen.findByRole('heading', { name: 'Presale request TMC-7KQ2XM', level: 1 });
    expect(screen.queryByRole('region', { name: 'Refunds' })).toBeNull();
  });
});

describe('PurchaseOrder', () => {
  it('shows an order awaiting payment with its reference, amount, bank and the receipt step', async () => {
    renderOrder(detail(awaiting));
    expect(
      await screen.findByRole('heading', { name: 'Presale request TMC-7KQ2XM', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Awaiting payment').length).toBeGreaterThan(0);
    expect(screen.getByTestId('amount-due')).toHaveTextContent('100.00 AUD');
    expect(screen.getByText('Pay into Demo Bank')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit receipt' })).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Order status' });
    expect(step(timeline, 'Order created (done)')).toBeInTheDocument();
    expect(step(timeline, 'Paid (next)')).toBeInTheDocument();
    expect(step(timeline, 'Tokens allocated (to come)')).toBeInTheDocument();
    expect(screen.getByText('From savings')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download PDF receipt' })).not.toBeInTheDocument();
    // p7: an order in AUD shows its amount once in Amounts.
    const amounts = within(screen.getByRole('region', { name: 'Amounts' }));
    expect(amounts.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Tokens',
      'Amount (AUD)',
      'Price paid',
      'Presale stage',
    ]);
  });

  it('shows the payment deadline, and once it has passed takes the receipt as a late payment', async () => {
    const due = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString();
    const open = renderOrder(detail({ ...awaiting, paymentDueAt: due }));
    expect(await screen.findByTestId('payment-due')).toHaveTextContent(
      /^Pay and upload the receipt by .+\. After that the order ends \(Not Accepted\): a receipt after that is a late payment, which we offer at the price of the day or refund\.$/,
    );
    open.unmount();

    const past = new Date(Date.now() - 60_000).toISOString();
    const ended = renderOrder(detail({ ...awaiting, paymentDueAt: past }));
    expect(await screen.findByText(/The payment window of this order closed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit receipt' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit late receipt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Place a new order' })).toHaveAttribute(
      'href',
      '/token/buy',
    );
    ended.unmount();

    // Ended by the lapse job: the same late upload.
    renderOrder(
      detail({
        ...awaiting,
        status: 3,
        paymentDueAt: past,
        remark: purchaseMessages.bankOrderLapsed,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Submit late receipt' })).toBeInTheDocument();
  });

  it('shows a late payment and the offer at the price of the day to accept by e-mail', async () => {
    const late: Purchase = {
      ...awaiting,
      status: 3,
      remark: purchaseMessages.bankOrderLapsed,
      receiptUrl: 'http://files.test/r.png?sig=1',
      receiptType: 'image',
      lateReceiptAt: '2025-03-09T04:00:00.000Z',
    };
    const waiting = renderOrder(detail(late));
    expect(await screen.findByTestId('late-payment')).toHaveTextContent(
      lateOfferMessages.lateReceipt,
    );
    waiting.unmount();
    const offered = detail(late);
    offered.data.lateOffer = {
      id: 'o-1',
      purchaseId: late._id,
      reference: late.reference,
      state: 'offered',
      investmentAmount: '100.00',
      tokenAmount: '2000.000000000000000000',
      tokenPriceAud: '0.05',
      previousTokenPriceAud: '0.02',
      stageName: 'Stage 2',
      tokenSymbol: 'TMC',
      expiresAt: '2025-03-12T04:00:00.000Z',
      createdAt: '2025-03-09T05:00:00.000Z',
      acceptedAt: null,
    };
    renderOrder(offered);
    const note = await screen.findByTestId('late-payment');
    expect(note).toHaveTextContent(/We offered you 2,000\.00 TMC at 0\.05 AUD per TMC/);
    expect(note).toHaveTextContent(/Accept it by the link in our e-mail/);
  });

  it('offers the PDF receipt once accepted, with the whole timeline done', async () => {
    renderOrder(
      detail({
        ...awaiting,
        status: 1,
        receiptUrl: 'http://files.test/r.png?sig=1',
        receiptType: 'image',
        paidAt: '2025-03-05T04:00:00.000Z',
        reviewedAt: '2025-03-06T04:00:00.000Z',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Download PDF receipt' })).toBeEnabled();
    const timeline = screen.getByRole('list', { name: 'Order status' });
    for (const name of ['Order created', 'Paid', 'Reviewed', 'Tokens allocated'])
      expect(step(timeline, `${name} (done)`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Bank Receipt' })).toBeInTheDocument();
  });

  it.each([
    [
      'claimed',
      {
        state: 'claimed' as const,
        epoch: 1,
        publishedAt: '2026-12-01T10:00:00.000Z',
        claimedTx: `0xabc${'0'.repeat(58)}123`,
        claimedAt: '2026-12-02T10:00:00.000Z',
      },
      /^Delivered: 50,000(\.0+)? TMC claimed on .*2026.* in 0xabc.*123 \(epoch 1\)\.$/,
    ],
    [
      'published',
      {
        state: 'published' as const,
        epoch: 2,
        publishedAt: '2026-12-01T10:00:00.000Z',
        claimedTx: null,
        claimedAt: null,
      },
      /^Ready to claim since .*2026.* \(epoch 2\): claim your 50,000(\.0+)? TMC on the Delivery page\.$/,
    ],
    [
      'held',
      { state: 'held' as const, epoch: null, publishedAt: null, claimedTx: null, claimedAt: null },
      /^Held: .*Sign-In with Ethereum.*Delivery page\.$/,
    ],
  ])('says where an accepted order’s tokens are: %s', async (_, delivery, text) => {
    renderOrder(
      detail(
        { ...awaiting, status: 1, tokenAmount: '50000', reviewedAt: '2025-03-06T04:00:00.000Z' },
        delivery,
      ),
    );
    const note = await screen.findByTestId('order-delivery');
    expect(note).toHaveTextContent(text);
    expect(note.getAttribute('data-state')).toBe(delivery.state);
  });

  it('leaves a crypto order’s payment step to the page that composes it', async () => {
    renderOrder(detail({ ...awaiting, paymentMode: 1, userCurrency: 'ETH' }));
    expect(await screen.findByText('Crypto step')).toBeInTheDocument();
  });

  it('shows a crypto payment seen on the chain with its confirmations, and no payment step or cancel', async () => {
    const hash = `0x${'cd'.repeat(32)}`;
    const order = detail({ ...awaiting, paymentMode: 1, userCurrency: 'ETH' });
    order.data.payment = {
      state: 'seen',
      txnHash: hash,
      amount: '0.050123',
      coin: 'ETH',
      blockNumber: '812',
      quoted: null,
      overridden: false,
      confirmations: 1,
      confirmationsRequired: 12,
      missing: null,
      dueBy: null,
      tokens: null,
      live: true,
    };
    renderOrder(order);
    expect(
      await screen.findByText('Payment seen in block 812: 1 of 12 confirmations'),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Confirmations' })).toHaveAttribute('max', '12');
    expect(screen.getByText(hash)).toBeInTheDocument();
    expect(screen.queryByText('Crypto step')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Order status' });
    expect(
      within(timeline).getByText('Payment seen in block 812: 1 of 12 confirmations.'),
    ).toBeInTheDocument();
  });

  it('puts the next step before the amounts and the timeline, so a phone shows it first (m16)', async () => {
    renderOrder(detail({ ...awaiting, paymentMode: 1, userCurrency: 'ETH' }));
    const next = await screen.findByRole('heading', { name: 'Next step' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 3)).toEqual(['Next step', 'Amounts', 'Status']);
    expect(
      next.compareDocumentPosition(screen.getByText('Crypto step')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      screen
        .getByText('Crypto step')
        .compareDocumentPosition(screen.getByRole('heading', { name: 'Amounts' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('says when the order is not the buyer’s (404) and links back to the list', async () => {
    const user = userEvent.setup();
    const { router } = renderOrder({ status: 404, message: 'Presale request not found' });
    expect(await screen.findByText('Presale request not found')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Presale Requests' }));
    expect(router.state.location.pathname).toBe('/presale-requests');
  });
});

describe('HoldingsCard', () => {
  const holdings: Holdings = {
    allocated: '15000.000000000000000000',
    pendingReview: '2500.000000000000000000',
    tokenSymbol: 'TMC',
    wallet: null,
    deliveryStatement: 'Delivered after the presale ends.',
  };

  it('shows allocated and pending tokens, the delivery statement, and asks for a wallet', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    mockApi({ 'GET /v1/purchase/holdings': { data: holdings } });
    renderRoutes([{ path: '/', element: <HoldingsCard /> }]);
    expect(await screen.findByTestId('tokens-allocated')).toHaveTextContent('15,000.00 TMC');
    expect(screen.getByTestId('tokens-pending')).toHaveTextContent('2,500.00 TMC');
    expect(screen.getByText('Delivered after the presale ends.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a wallet' })).toHaveAttribute(
      'href',
      '/profile#wallet',
    );
    expect(
      screen.getByRole('link', { name: 'Delivery: claim your TMC and download your proof' }),
    ).toHaveAttribute('href', '/delivery');
  });

  it('names the saved wallet instead of the warning', async () => {
    setSession({ user: userFixture, tokens: tokensFixture() });
    const wallet = `0x${'ab'.repeat(20)}`;
    mockApi({ 'GET /v1/purchase/holdings': { data: { ...holdings, wallet } } });
    renderRoutes([{ path: '/', element: <HoldingsCard /> }]);
    expect(await screen.findByText(wallet)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add a wallet' })).not.toBeInTheDocument();
  });
});

describe('PurchaseOrder partially paid (M1)', () => {
  it('shows the badge, what arrived and what is missing by when, both amounts, the way to send the rest, and no Cancel', async () => {
    const dueBy = new Date(Date.now() + 3600_000).toISOString();
    const open: Purchase = { ...purchaseFixture, paymentMode: 1, userCurrency: 'ETH' };
    const { data } = detail(open);
    renderOrder({
      data: {
        ...data,
        transaction: {
          _id: 't-1',
          createdAt: open.createdAt,
          price: '0.050004000000000000',
          currency: 'ETH',
          tokenSymbol: 'ETH',
          tokenAmount: open.tokenAmount,
          userCurrency: 'ETH',
          userAmount: '0.050000000000000000',
          paymentStatus: 0,
          paymentMode: 1,
          txnHash: null,
          walletAddress: `0x${'11'.repeat(20)}`,
          purchaseId: open._id,
          quoteExpiresAt: dueBy,
          stageId: null,
          stageName: null,
          received: '0.04',
          missing: '0.010004',
        },
        payment: {
          ...data.payment,
          state: 'partiallyPaid',
          amount: '0.04',
          coin: 'ETH',
          quoted: '0.050004',
          missing: '0.010004',
          dueBy,
          live: true,
        },
      },
    });
    await screen.findByText(
      'Partially paid: we received 0.04 ETH of the 0.050004 ETH due. 0.010004 ETH is missing.',
    );
    expect(screen.getByText('Partially paid', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByTestId('partial-payment')).toHaveTextContent(
      /^Send the missing 0\.010004 ETH from your proven wallet by /,
    );
    // The quote and what arrived, each on its own line.
    expect(screen.getByText('Received (ETH)').nextElementSibling).toHaveTextContent('0.04 ETH');
    expect(screen.getByText('Crypto step')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /cancel order/i })).toBeNull();
  });
});
