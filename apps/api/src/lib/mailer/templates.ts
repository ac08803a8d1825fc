import { formatFigure, formatTokenPrice, SHORT_PAYMENT_RULE } from '@tmc/shared';

/* Amounts arrive as decimal strings; AUD and token figures are shown as on the site (formatFigure). */

/** What one e-mail says; the layout (brand, footer, HTML and text) is shared by all of them. */
interface MailContent {
  subject: string;
  /** Paragraphs before the code (or the whole message when there is no code); a newline breaks a line. */
  lines: string[];
  code?: string;
  /** Paragraphs after the code. */
  after?: string[];
  /** Carries a single-use link: kept out of the outbox once sent, as a code is. */
  secretLink?: boolean;
}

/** A deadline as e-mails write it, in UTC so every reader sees the same, e.g. "29 November 2026, 14:05 UTC". */
export const deadline = (iso: string) =>
  `${new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(new Date(iso))} UTC`;

/**
 * The name a message may greet its address with: only once the address proved its mailbox, since
 * anyone can open an account for someone else's e-mail and choose the name (a link, a lure).
 */
export const nameToGreet = (account: { name: string; emailVerifiedAt: Date | null }) =>
  account.emailVerifiedAt ? account.name : '';

const greeting = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi there,');

/** The price an order keeps and the stage that set it; absent in mails queued before stages. */
interface OrderPrice {
  tokenPriceAud?: string;
  stageName?: string | null;
}

const priceLines = (p: OrderPrice, tokenSymbol: string | undefined) =>
  p.tokenPriceAud && tokenSymbol
    ? [
        `Price: ${formatTokenPrice(p.tokenPriceAud)} per ${tokenSymbol}${p.stageName ? ` (${p.stageName})` : ''}. This order keeps this price.`,
      ]
    : [];

/** Every e-mail the site sends. Adding one is adding an entry here: its type follows. */
const contents = {
  referralPurchase: (p: {
    name: string;
    tier: 1 | 2;
    /** AUD, 2 decimals. */
    investmentAmount: string;
    earning: string;
    /**
     * The payout destination form, given while the affiliate has none: the commission is then
     * held, so the mail must not promise the next payout. Absent in mails queued before it was added.
     */
    addDestinationUrl?: string;
  }): MailContent => ({
    subject: 'A referral of yours just bought TMC',
    lines: [
      greeting(p.name),
      p.tier === 1
        ? `Someone who signed up with your referral link just bought A$${formatFigure(p.investmentAmount)} of TMC in the presale.`
        : `An influencer you introduced just made a sale of A$${formatFigure(p.investmentAmount)} of TMC in the presale.`,
      ...(p.addDestinationUrl
        ? [
            `Your commission: A$${formatFigure(p.earning)} (tier ${p.tier}). It shows as pending on your Affiliates page and is approved after the hold period.`,
            `It is held until you add a payout destination: you have not told us where to pay you yet. Add a bank account or a wallet on your Affiliates page: ${p.addDestinationUrl}`,
          ]
        : [
            `Your commission: A$${formatFigure(p.earning)} (tier ${p.tier}). It shows as pending on your Affiliates page, is approved after the hold period and is paid in the next ${p.tier === 1 ? 'weekly' : 'fortnightly'} payout.`,
          ]),
    ],
  }),
  payoutHeld: (p: {
    name: string;
    tier: 1 | 2;
    amount: string;
    /** Set when no destination is given; otherwise the line waits for a changed one (`heldUntil`). */
    addDestinationUrl?: string;
    heldUntil?: string;
  }): MailContent => ({
    subject: 'Your TMC affiliate commission is held',
    lines: [
      greeting(p.name),
      `This ${p.tier === 1 ? 'weekly' : 'fortnightly'} payout does not include your commission of A$${formatFigure(p.amount)}.`,
      p.addDestinationUrl
        ? `It is held until you add a payout destination: you have not told us where to pay you yet. Add a bank account or a wallet on your Affiliates page, and it is paid in the first payout after that: ${p.addDestinationUrl}`
        : `It is held until ${p.heldUntil ? deadline(p.heldUntil) : 'the waiting period ends'}, because your payout destination was changed recently: for your safety, a new destination waits before anything is paid to it. It is paid in the first payout after that.`,
    ],
  }),
  payoutPaid: (p: {
    name: string;
    tier: 1 | 2;
    amount: string;
    reference: string;
    /** Where it went, as {@link destinationText} writes it (account numbers masked); absent in older mails. */
    destination?: string;
  }): MailContent => ({
    subject: 'Your TMC affiliate payout is on its way',
    lines: [
      greeting(p.name),
      `We have paid your ${p.tier === 1 ? 'weekly' : 'fortnightly'} affiliate commission: A$${formatFigure(p.amount)}.`,
      ...(p.destination ? [`Paid to: ${p.destination}`] : []),
      `Payment reference: ${p.reference}`,
      'The earnings it covers now show as paid on your Affiliates page. Thanks for spreading the word!',
    ],
  }),
  purchaseDecision: (
    p: {
      name: string;
      reference: string;
      /** The new status, as the Presale Requests page names it. */
      status: string;
      /** AUD, 2 decimals. */
      investmentAmount: string;
      /** The order's tokens (2 decimals) and their symbol; absent in mails queued before they were added. */
      tokenAmount?: string;
      tokenSymbol?: string;
      /** The order's page. */
      orderUrl?: string;
      remark: string | null;
    } & OrderPrice,
  ): MailContent => ({
    subject: `Your TMC presale request ${p.reference} is ${p.status}`,
    lines: [
      greeting(p.name),
      `Our team has reviewed your presale request ${p.reference} of A$${formatFigure(p.investmentAmount)}${p.tokenAmount && p.tokenSymbol ? ` for ${formatFigure(p.tokenAmount)} ${p.tokenSymbol}` : ''}. Its status is now: ${p.status}.`,
      ...(p.status === 'Accepted' && p.tokenAmount && p.tokenSymbol
        ? [`Your ${formatFigure(p.tokenAmount)} ${p.tokenSymbol} are allocated to you.`]
        : []),
      ...priceLines(p, p.tokenSymbol),
      ...(p.remark ? [`Note from our team: ${p.remark}`] : []),
      p.orderUrl ? `See your order: ${p.orderUrl}` : 'You can see it on the Presale Requests page.',
    ],
  }),
  refundUpdate: (p: {
    name: string;
    /** The order's reference, or null for a transfer no order took. */
    reference: string | null;
    state: 'requested' | 'approved' | 'paid' | 'declined';
    amount: string;
    coin: string;
    destination: string;
    evidence?: string | null;
    declineReason?: string | null;
    orderUrl?: string;
  }): MailContent => ({
    subject: `Your TMC refund of ${p.amount} ${p.coin} is ${p.state}`,
    lines: [
      greeting(p.name),
      `${p.reference ? `The refund for your order ${p.reference}` : 'The refund of your payment'}: ${p.amount} ${p.coin} to ${p.destination}.`,
      {
        requested: 'We have received the refund request; our team reviews it shortly.',
        approved: 'Our team approved the refund; it is being sent.',
        paid: `The refund has been sent.${p.evidence ? ` Reference: ${p.evidence}` : ''}`,
        declined: `Our team declined the refund.${p.declineReason ? ` Reason: ${p.declineReason}` : ''}`,
      }[p.state],
      ...(p.orderUrl ? [`See your order: ${p.orderUrl}`] : []),
    ],
  }),
  lateOffer: (p: {
    name: string;
    reference: string;
    investmentAud: string;
    tokenAmount: string;
    tokenSymbol: string;
    tokenPriceAud: string;
    previousTokenPriceAud: string;
    stageName: string;
    expiresAt: string;
    link: string;
  }): MailContent => ({
    subject: `Your late payment for ${p.reference}: an order at today's price`,
    lines: [
      greeting(p.name),
      `Your receipt for order ${p.reference} came after its payment window closed, so the order had ended and its price of A$${p.previousTokenPriceAud} per token no longer holds.`,
      `We can make it an order at today's price instead: A$${formatFigure(p.investmentAud)} buys ${formatFigure(p.tokenAmount)} ${p.tokenSymbol} at A$${p.tokenPriceAud} per token (${p.stageName}).`,
      `To accept, open this link by ${deadline(p.expiresAt)} (it works once):`,
      p.link,
      'Nothing changes unless you accept. If you would rather have your money back, reply to this e-mail and we will refund it.',
    ],
    secretLink: true,
  }),
  // The address is not proven yet: no name the requester chose is repeated to it.
  verifyEmail: ({ code }: { code: string }): MailContent => ({
    subject: 'Your TMC verification code',
    lines: ['Hi there,', 'Welcome aboard! Enter this code to verify your e-mail address:'],
    code,
    after: [
      'It expires in 10 minutes. If you did not sign up for TMC, you can ignore this e-mail.',
    ],
  }),
  resetPassword: ({ code }: { code: string }): MailContent => ({
    subject: 'Reset your TMC password',
    lines: [
      'Hi there,',
      'Someone (hopefully you) asked to reset your TMC password. Here is your code:',
    ],
    code,
    after: [
      'It expires in 10 minutes. If it was not you, ignore this e-mail: your password stays as it is.',
    ],
  }),
  welcome: ({ name }: { name: string }): MailContent => ({
    subject: 'Welcome to TMC',
    lines: [
      greeting(name),
      'Your e-mail is verified and your account is ready. You can buy TMC in the presale from the Buy page.',
      'Want to earn commissions? Join the affiliate programme from your profile to get a referral link of your own.',
    ],
  }),
  cryptoOrderPlaced: (p: {
    name: string;
    reference: string;
    /** AUD, 2 decimals. */
    amountAud: string;
    /** The exact quote to send, in `coin`. */
    amount: string;
    coin: string;
    wallet: string;
    /** ISO time the quote ends. */
    quoteExpiresAt: string;
    tokenAmount: string;
    tokenSymbol: string;
    orderUrl: string;
  }): MailContent => ({
    subject: `Your TMC order ${p.reference}: send exactly ${p.amount} ${p.coin}`,
    lines: [
      greeting(p.name),
      `Your order ${p.reference} for ${formatFigure(p.tokenAmount)} ${p.tokenSymbol} (A$${formatFigure(p.amountAud)}) is placed.`,
      `To pay, send exactly ${p.amount} ${p.coin} to ${p.wallet} before ${deadline(p.quoteExpiresAt)}.`,
      `Send that exact amount, from an exchange or your own wallet: we detect it on the chain by itself and e-mail you once it counts. ${SHORT_PAYMENT_RULE}`,
      `Follow your order, copy the amount and the wallet, or pay with your browser wallet on its page: ${p.orderUrl}`,
    ],
  }),
  orderCancelled: (p: {
    name: string;
    reference: string;
    /** AUD, 2 decimals. */
    amountAud: string;
    orderUrl: string;
  }): MailContent => ({
    subject: `You cancelled your TMC order ${p.reference}`,
    lines: [
      greeting(p.name),
      `You cancelled your order ${p.reference} (A$${formatFigure(p.amountAud)}). Do not pay for it: the payment details we sent you for it no longer apply.`,
      `If you want TMC after all, place a new order. The cancelled order stays on its page: ${p.orderUrl}`,
    ],
  }),
  purchaseReceived: (
    p: {
      name: string;
      reference: string;
      /** AUD, 2 decimals. */
      amountAud: string;
      /** What the buyer chose to pay, in their currency (2 decimals); AUD is what the bank receives. */
      userAmount?: string;
      userCurrency?: string;
      tokenAmount: string;
      tokenSymbol: string;
      /** False: the order waits for the transfer and its receipt. Mails queued before this field said true. */
      receiptAttached?: boolean;
      /** The order's page, where the receipt is uploaded and the order followed. */
      orderUrl?: string;
      /** ISO time the payment window closes (orders placed before windows have none). */
      paymentDueAt?: string;
      bank: {
        bankName: string;
        accountHolder: string;
        bic: string;
        routingNumber: string | null;
        accountNumber: string | null;
      };
    } & OrderPrice,
  ): MailContent => {
    const inUserCurrency =
      p.userAmount && p.userCurrency && p.userCurrency !== 'AUD'
        ? ` (for ${formatFigure(p.userAmount)} ${p.userCurrency})`
        : '';
    const awaiting = p.receiptAttached === false;
    return {
      subject: `Your TMC presale request ${p.reference}`,
      lines: [
        greeting(p.name),
        `We have your presale request ${p.reference} for ${formatFigure(p.tokenAmount)} ${p.tokenSymbol}. Please transfer A$${formatFigure(p.amountAud)}${inUserCurrency} to this account:`,
        [
          `Bank: ${p.bank.bankName}`,
          `Account holder: ${p.bank.accountHolder}`,
          `BIC: ${p.bank.bic}`,
          ...(p.bank.routingNumber ? [`Routing number: ${p.bank.routingNumber}`] : []),
          ...(p.bank.accountNumber ? [`Account number: ${p.bank.accountNumber}`] : []),
          `Amount: A$${formatFigure(p.amountAud)}`,
        ].join('\n'),
        `Payment reference: ${p.reference}`,
        ...priceLines(p, p.tokenSymbol),
      ],
      after: [
        'Write the payment reference on your transfer, so we can match your payment to your request.',
        awaiting
          ? `Once you have paid, upload your bank receipt on the order page${p.orderUrl ? `: ${p.orderUrl}` : ' (Presale Requests in your account)'}. Our team reviews your request when the receipt is in.`
          : 'Your request stays Pending until our team has checked your payment; you can follow it on the Presale Requests page.',
        ...(awaiting && p.paymentDueAt
          ? [
              `Pay and upload the receipt by ${deadline(p.paymentDueAt)}. After that the order ends (Not Accepted); a receipt that comes later is a late payment, which we offer you at the price of the day or refund.`,
            ]
          : []),
      ],
    };
  },
  mailboxProof: ({
    purpose,
    link,
    code,
  }: {
    purpose: 'verifyemail' | 'verifyUser';
    link: string;
    code: string;
  }): MailContent => ({
    subject: 'Too many wrong TMC codes: confirm it is you',
    lines: [
      'Hi there,',
      `Someone entered too many wrong ${purpose === 'verifyUser' ? 'password reset' : 'verification'} codes for this e-mail address, so codes for it now also need this link. If it was you, open it (it works once, for 1 hour):`,
      link,
      'Then enter this new code:',
    ],
    code,
    after: [
      'If it was not you, ignore this e-mail: nobody can use a code for it without the link.',
    ],
  }),
  staffEnrolment: ({ name, link }: { name: string; link: string }): MailContent => ({
    subject: 'Set up two-factor authentication for the TMC staff console',
    lines: [
      greeting(name),
      'Open this link while signed in to set up your authenticator app (it works once, for 1 hour):',
      link,
      'If you did not ask for it, tell the other staff at once.',
    ],
    secretLink: true,
  }),
  walletChanged: ({
    name,
    walletAddress,
  }: {
    name: string;
    walletAddress: string;
  }): MailContent => ({
    subject: 'Your TMC delivery wallet was changed',
    lines: [
      greeting(name),
      `The wallet your TMC tokens will be delivered to is now ${walletAddress}.`,
      'If that was not you, reset your password right away and get in touch with us.',
    ],
  }),
  walletMoved: ({ name, walletAddress }: { name: string; walletAddress: string }): MailContent => ({
    subject: 'A wallet you proved is now proven by another TMC account',
    lines: [
      greeting(name),
      `Another TMC account has just proved that it controls the wallet ${walletAddress}, which your account had proved. Payments from it no longer count for your orders.`,
      "If you did that yourself from another account, all good. If not, someone may have your wallet's signature or keys: stop using that wallet, and get in touch with us.",
    ],
  }),
  payoutDestinationChanged: (p: {
    name: string;
    /** The destinations as {@link destinationText} would write them, account numbers masked. */
    before: string | null;
    after: string;
    /** When the change was made (ISO). */
    changedAt: string;
    holdDays: number;
  }): MailContent => ({
    subject: 'Your TMC payout destination was changed',
    lines: [
      greeting(p.name),
      `The destination of your TMC affiliate commissions was changed on ${deadline(p.changedAt)}.`,
      `Now: ${p.after}`,
      ...(p.before
        ? [
            `Before: ${p.before}`,
            `For your safety, commissions wait ${p.holdDays} days before they are paid to a new destination.`,
            'If that was not you, reset your password right away, set your payout destination again and get in touch with us before then: nothing is paid to the new destination in the meantime.',
          ]
        : [
            'Before: no payout destination.',
            'If that was not you, reset your password right away, set your payout destination again and get in touch with us before the next payout.',
          ]),
    ],
  }),
  passwordChanged: ({ name }: { name: string }): MailContent => ({
    subject: 'Your TMC password was changed',
    lines: [
      greeting(name),
      'Your TMC password was just changed. If that was you, all good.',
      'If it was not, reset your password right away and get in touch with us.',
    ],
  }),
  orderLapsed: (p: {
    name: string;
    reference: string;
    paymentMode: 'bank' | 'crypto';
    /** AUD, 2 decimals. */
    investmentAmount: string;
    /** ISO time the window (bank) or the quote (crypto) ended. */
    endedAt: string;
    /** Bank orders that had a receipt: when it came (the money was not confirmed in time). */
    receiptAt?: string;
  }): MailContent => ({
    subject: `Your TMC presale request ${p.reference} has ended`,
    lines: [
      greeting(p.name),
      p.paymentMode === 'bank' && p.receiptAt
        ? `We received the receipt for your presale request ${p.reference} of A$${formatFigure(p.investmentAmount)} on ${deadline(p.receiptAt)}, but our team could not confirm the payment by ${deadline(p.endedAt)}, so the request has ended. Its status is now: Not Accepted.`
        : p.paymentMode === 'bank'
          ? `We did not receive the bank receipt for your presale request ${p.reference} of A$${formatFigure(p.investmentAmount)} by ${deadline(p.endedAt)}, so the request has ended. Its status is now: Not Accepted.`
          : `No payment for your presale request ${p.reference} of A$${formatFigure(p.investmentAmount)} reached us before its quote expired on ${deadline(p.endedAt)}, so the request has ended. Its status is now: Not Accepted.`,
      p.paymentMode === 'bank'
        ? 'If you still want TMC, place a new order: it is priced at the day you place it. If you did pay for this one, get in touch with us and send your receipt: our team will sort it out.'
        : 'If you still want TMC, place a new order with a new quote. If you did send a payment for this one, it is not lost: our team sees it on the chain and will sort it out with you; get in touch with us with the transaction hash to speed it up.',
    ],
  }),
  paymentVerified: ({
    name,
    amount,
    currency,
    tokenAmount,
    tokenSymbol,
    txnHash,
    reference,
    orderUrl,
    quoted,
    shortfall,
    overridden,
    expiredAt,
    ...price
  }: {
    name: string;
    /** Everything the order received, in `currency` (several transfers summed). */
    amount: string;
    currency: string;
    tokenAmount: string;
    tokenSymbol: string;
    /** The transfer that completed the order (or the last one received). */
    txnHash: string;
    /** Absent in mails queued before they were added. */
    reference?: string;
    orderUrl?: string;
    /** The exact amount quoted, when another amount arrived. */
    quoted?: string;
    /** What was missing of the quote when the order was credited. */
    shortfall?: string;
    /** Staff credited the whole order although `shortfall` was missing. */
    overridden?: boolean;
    /** The quote ended (ISO) before the rest arrived: the order was credited for the value received. */
    expiredAt?: string;
  } & OrderPrice): MailContent => ({
    subject: 'Your TMC payment is verified',
    lines: [
      greeting(name),
      `We found your payment of ${amount} ${currency} on the chain (transaction ${txnHash}) and your presale request${reference ? ` ${reference}` : ''} is accepted.`,
      ...(quoted && shortfall
        ? [
            overridden
              ? `We received ${amount} ${currency} of the ${quoted} ${currency} quoted (${shortfall} ${currency} short); our team credited the whole order.`
              : `We received ${amount} ${currency} of the ${quoted} ${currency} quoted: ${shortfall} ${currency} short${expiredAt ? ` when the quote expired on ${deadline(expiredAt)}` : ''}. Your tokens are for the value received, at the quote's rate.`,
          ]
        : []),
      `${formatFigure(tokenAmount)} ${tokenSymbol} are allocated to you. You can see the payment under My Transactions.`,
      ...priceLines(price, tokenSymbol),
      ...(orderUrl ? [`Your order: ${orderUrl}`] : []),
      'Thanks for joining the presale!',
    ],
  }),
  paymentPartial: (p: {
    name: string;
    reference: string;
    /** Received so far, summed, in `coin`. */
    received: string;
    quoted: string;
    missing: string;
    coin: string;
    /** ISO time the quote ends. */
    dueBy: string;
    /** The proven wallet the last part came from. */
    from: string;
    /** The wallet the order was quoted to. */
    wallet: string;
    /** What the whole order buys. */
    tokenAmount: string;
    /** What the value received so far buys, at the quote's rate. */
    tokensForReceived: string;
    tokenSymbol: string;
    orderUrl: string;
  }): MailContent => ({
    subject: `Your TMC order ${p.reference} is partially paid: ${p.missing} ${p.coin} missing by ${deadline(p.dueBy)}`,
    lines: [
      greeting(p.name),
      `We received ${p.received} ${p.coin} of the ${p.quoted} ${p.coin} due for your order ${p.reference}: ${p.missing} ${p.coin} is missing.`,
      `Send the missing ${p.missing} ${p.coin} from your proven wallet ${p.from} to ${p.wallet} before ${deadline(p.dueBy)}: your order is then paid in full, for ${formatFigure(p.tokenAmount)} ${p.tokenSymbol}.`,
      `If the rest has not arrived by then, the order is credited for the value received: ${formatFigure(p.tokensForReceived)} ${p.tokenSymbol} for ${p.received} ${p.coin}.`,
      `Follow your order: ${p.orderUrl}`,
    ],
  }),
  deliveryReady: (p: {
    name: string;
    /** TMC in the root for this address, 18 decimals. */
    tokens: string;
    address: string;
    epoch: number;
    /** The Delivery page. */
    url: string;
  }): MailContent => ({
    subject: 'Your TMC are ready to claim',
    lines: [
      greeting(p.name),
      `${formatFigure(p.tokens)} TMC are now published for your wallet ${p.address} (delivery round ${p.epoch}).`,
      `Claim them on your Delivery page: ${p.url}`,
      'Your proof is attached (tmc-proof.json). With it you can claim with any wallet tool, even if this site is down: call claim(address, cumulativeAmount, proof) on the contract it names. The tokens always go to your wallet, whoever sends the claim.',
    ],
  }),
  deliveryProveWallet: (p: { name: string; tokens: string; url: string }): MailContent => ({
    subject: 'Prove a wallet to receive your TMC',
    lines: [
      greeting(p.name),
      `${formatFigure(p.tokens)} TMC are waiting for you, but we can only deliver them to a wallet you proved you control.`,
      `Sign in with Ethereum from your wallet on your Delivery page to prove one: ${p.url}`,
    ],
  }),
  deliveryChooseWallet: (p: { name: string; tokens: string; url: string }): MailContent => ({
    subject: 'Choose the wallet for your TMC',
    lines: [
      greeting(p.name),
      `${formatFigure(p.tokens)} TMC are waiting for you. You proved more than one wallet: choose which one receives them on your Delivery page: ${p.url}`,
    ],
  }),
  identityApproved: (p: {
    name: string;
    /** AUD, 2 decimals; null: no limit. */
    limitAud: string | null;
    url: string;
  }): MailContent => ({
    subject: 'Your identity is verified',
    lines: [
      greeting(p.name),
      'Our team checked your identity documents and verified your identity.',
      p.limitAud === null
        ? 'Your account has no buying limit now.'
        : `Your account can now buy up to ${formatFigure(p.limitAud)} AUD in 12 months.`,
      `See your identity and limit: ${p.url}`,
    ],
  }),
  identityRejected: (p: { name: string; reason: string; url: string }): MailContent => ({
    subject: 'We could not verify your identity',
    lines: [
      greeting(p.name),
      'Our team could not verify your identity from the documents you sent.',
      `Why: ${p.reason}`,
      `Your buying limit stays as it was. You can send new documents on your identity page: ${p.url}`,
    ],
  }),
};

type Contents = typeof contents;
export type MailKind = keyof Contents;
export type MailTemplate = { [K in MailKind]: { kind: K } & Parameters<Contents[K]>[0] }[MailKind];

export interface RenderedMail {
  kind: MailKind;
  /** The body holds a one-time code (cleared from the outbox once sent). */
  secret: boolean;
  subject: string;
  text: string;
  html: string;
}

export const FOOTER =
  'TMC is a meme token, not a financial product. You must be 18 or older to take part.';

const BRAND = {
  background: '#0b0b14',
  panel: '#15152a',
  accent: '#d4ff3a',
  text: '#f4f4f8',
  muted: '#9a9ab0',
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function contentOf(template: MailTemplate): MailContent {
  // The union is keyed by `kind`, so the entry always takes this template's fields.
  const make = contents[template.kind] as (t: MailTemplate) => MailContent;
  return make(template);
}

/** The one-time code a template carries, if any (the dev outbox prints it). */
export const codeOf = (template: MailTemplate): string | undefined => contentOf(template).code;

export function renderMail(template: MailTemplate): RenderedMail {
  const { subject, lines, code, after = [], secretLink } = contentOf(template);

  const text = [
    'TMC',
    '',
    ...lines.flatMap((l) => [l, '']),
    ...(code ? [`    ${code}`, ''] : []),
    ...after.flatMap((l) => [l, '']),
    '--',
    FOOTER,
    '',
  ].join('\n');

  const paragraph = (l: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${BRAND.text}">${escapeHtml(l).replace(/\n/g, '<br>')}</p>`;
  const codeBlock = code
    ? `<p style="margin:8px 0 24px;text-align:center"><span style="display:inline-block;padding:12px 24px;border-radius:12px;background:${BRAND.background};border:2px solid ${BRAND.accent};color:${BRAND.accent};font-family:'Courier New',monospace;font-size:40px;font-weight:700;letter-spacing:12px">${escapeHtml(code)}</span></p>`
    : '';

  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${BRAND.background}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.background};font-family:Arial,Helvetica,sans-serif">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px">
<tr><td style="padding:0 0 24px;font-size:32px;font-weight:900;letter-spacing:2px;color:${BRAND.accent}">TMC</td></tr>
<tr><td style="padding:32px 28px;border-radius:16px;background:${BRAND.panel}">
${[...lines.map(paragraph), codeBlock, ...after.map(paragraph)].filter(Boolean).join('\n')}
</td></tr>
<tr><td style="padding:24px 4px 0;font-size:12px;line-height:18px;color:${BRAND.muted}">${escapeHtml(FOOTER)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  return {
    kind: template.kind,
    secret: code !== undefined || secretLink === true,
    subject,
    text,
    html,
  };
}
