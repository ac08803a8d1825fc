import { randomUUID } from 'node:crypto';
import {
  DECIMALS,
  DEFAULT_DELIVERY_STATEMENT,
  MAX_OPEN_BANK_ORDERS,
  messages,
  PaymentMode,
  purchaseMessages,
  cancelOrderMessages,
  PurchaseStatus,
  type AuthResult,
  type BankOrderBody,
  type BankPurchaseBody,
  type Holdings,
  type PurchaseDetail,
  type OrderDelivery as OrderDeliveryDto,
  type ReceiptBody,
  type FileKind,
  type Purchase,
  type User,
} from '@tmc/shared';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import { pageAndFilter, pageOf, type ListQuery } from '../../lib/list-query.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import { nameToGreet } from '../../lib/mailer/templates.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { fixed, plain } from '../../lib/money.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limit.ts';
import { checksummed } from '../account/account.service.ts';
import { toUserDto } from '../account/user-dto.ts';
import { refundsOfPurchase, refundsOfTransfersFor } from '../orders/refunds.repo.ts';
import { refundAmountText, toRefundDto } from '../orders/refund-dto.ts';
import { findUserById, isUniqueViolation, lockUser, type UserRow } from '../account/users.repo.ts';
import type { AuthService, CheckoutGuest } from '../auth/auth.service.ts';
import { findActiveBank } from '../banks/banks.repo.ts';
import { toBankDto } from '../banks/banks.service.ts';
import { toTransactionDto } from '../transactions/transaction-dto.ts';
import { lockPurchaseTransactions } from '../transactions/transactions.repo.ts';
import type { PresaleService } from '../presale/presale.service.ts';
import type { RatesService } from '../rates/rates.service.ts';
import type { FileToClaim, UploadsService } from '../uploads/uploads.service.ts';
import { priceOrder, type OrderInput, type PricedOrder } from '../orders/order-pricing.ts';
import { requireSettings } from '../presale/presale.repo.ts';
import { findActiveStage } from '../stages/stages.repo.ts';
import { closeIfSoldOut, holdStageFor } from '../stages/stage-sales.ts';
import { checkBuyingLimit } from '../identity/buying-limit.ts';
import { newPaymentReference } from './payment-reference.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';
import { toPurchaseDto, type PurchaseDtoRow } from './purchase-dto.ts';
import { paymentProgress, readPaymentEvidence } from './payment-progress.ts';
import {
  countOpenBankOrders,
  findPurchaseByRequest,
  findUserPurchase,
  insertPurchase,
  cancelUnpaidPurchase,
  cancelledByBuyer,
  lockUserPurchase,
  pageUserPurchases,
  setPurchaseReceipt,
  sumUserTokens,
  type NewPurchaseRow,
} from './purchases.repo.ts';
import { isUuid } from '../../lib/uuid.ts';
import { isPastPaymentWindow } from './order-lapse.ts';
import { endBankOrderPastWindow } from './order-lapse.repo.ts';
import { latestLateOffer, setLateReceipt } from '../orders/late-offers.repo.ts';
import { toLateOfferDto } from '../orders/late-offer-dto.ts';

/** Guest checkouts are unauthenticated writes: limited per IP on top of the sign-up and login limits. */
export const guestPurchaseLimit: RateLimitRule = {
  name: 'purchase-guest:ip',
  limit: 20,
  windowSeconds: 3600,
};

/** Orders per account (signed in or through a guest checkout), bank and crypto together. */
export const accountOrderLimit: RateLimitRule = {
  name: 'orders:user',
  limit: 30,
  windowSeconds: 3600,
};

/**
 * Order e-mails to an account whose address nobody proved: one an hour, so a session cannot
 * make the site mail a stranger's mailbox again and again.
 */
export const unprovenOrderMailLimit: RateLimitRule = {
  name: 'order-mail-unproven:user',
  limit: 1,
  windowSeconds: 3600,
};

/**
 * Cancels per network (each account is held by its order limit already): a cancelled order keeps
 * its quote until it would have expired anyway, and this keeps many accounts from cycling orders.
 */
export const cancelLimit: RateLimitRule = {
  name: 'order-cancel:ip',
  limit: 60,
  windowSeconds: 3600,
};

const REFERENCE_ATTEMPTS = 5;

/** Who is buying: a signed-in user, or a visitor who creates or logs into an account in the same step. */
export type Buyer = { userId: string } | { guest: CheckoutGuest; ip: string };

export interface PurchaseFile {
  /** The stored link: the signed upload URL without its query string. */
  link: string;
  kind: FileKind;
}

/** What a new presale request holds besides its priced order. */
export interface NewPurchase {
  order: PricedOrder;
  paymentMode: PaymentMode;
  bankId: string | null;
  /** 0x + 40 hex as given; stored on the order in EIP-55 form (never on the account). */
  wallet?: string;
  receipt?: PurchaseFile;
  document?: PurchaseFile;
  documentBack?: PurchaseFile;
  /** Must be a pdf (AML document). */
  billingDoc?: PurchaseFile;
  userRemark?: string;
  /** The buyer's key for one checkout (bank orders). */
  requestId?: string;
  /** Bank orders: when the payment window closes. */
  paymentDueAt?: Date;
}

export interface BuyerOutcome<T> {
  result: T;
  /** The buyer as the transaction left them. */
  buyer: UserRow;
  /** Guests only: the session they are signed in with. */
  session?: AuthResult;
  /** Guests only: true when 'Create new account' made the account. */
  newAccount: boolean;
}

export interface BankPurchaseResult {
  user: User;
  purchase: Purchase;
  session?: AuthResult;
  newAccount: boolean;
}

interface PurchasesDeps {
  db: Db;
  /** Sends mail stored in a committed transaction (the confirmation is stored with the purchase). */
  mail: Pick<QueuedMailDelivery, 'deliverSoon'>;
  uploads: UploadsService;
  auth: Pick<AuthService, 'checkoutAccount'>;
  presale: Pick<PresaleService, 'settings'>;
  rates: Pick<RatesService, 'pricingTable'>;
  rateLimiter: RateLimiter;
  /** The site's address, for the order link in the e-mail. */
  publicUrl: string;
  /** Who sells the tokens, as the PDF receipt names them. */
  seller: { name: string; address: string };
  /** Tests pass a fixed sequence to provoke a clash. */
  newReference?: () => string;
  /** Where an accepted order's tokens are (absent: delivery has not started, always null). */
  orderDelivery?: (userId: string, purchaseId: string) => Promise<OrderDeliveryDto | null>;
}

export function createPurchasesService({
  db,
  mail,
  uploads,
  auth,
  presale,
  rates,
  rateLimiter,
  publicUrl,
  seller,
  newReference = newPaymentReference,
  orderDelivery,
}: PurchasesDeps) {
  /** Prices an order from the server's rates, token price and minimum (400 on any problem). */
  async function quote(input: OrderInput): Promise<PricedOrder> {
    const [settings, table, stage] = await Promise.all([
      presale.settings(),
      rates.pricingTable(),
      findActiveStage(db),
    ]);
    return priceOrder(input, {
      rates: table.rates,
      rateTimes: table.rateTimes,
      rateMaxAgeMinutes: settings.rateMaxAgeMinutes,
      stage: stage ?? null,
      minPurchaseAud: settings.minPurchaseAud,
      hardCapAud: settings.hardCapAud,
      raisedAud: settings.raisedAud,
      endsAt: settings.endsAt,
    });
  }

  /** A savepoint per try: a clash on the unique reference is retried with a new one, the transaction lives on. */
  async function insertWithReference(tx: Tx, values: Omit<NewPurchaseRow, 'reference'>) {
    for (let attempt = 1; ; attempt++) {
      const reference = newReference();
      try {
        return await tx.transaction((savepoint) =>
          insertPurchase(savepoint, { ...values, reference }),
        );
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= REFERENCE_ATTEMPTS) throw err;
      }
    }
  }

  /**
   * Inserts a presale request for `buyer` inside the caller's transaction: claims its files
   * (each must be an unclaimed upload of its declared kind) and gives it a unique payment
   * reference, and reserves its tokens in the stage that priced it. Throws 400 on a bad file or
   * wallet, 409 when that stage no longer sells or has fewer tokens left, 403 when the order
   * would take the account past its buying limit (KYC tiers); the caller's
   * transaction then undoes everything.
   */
  async function createPurchase(tx: Tx, buyer: UserRow, input: NewPurchase) {
    const wallet = input.wallet ? checksummed(input.wallet, 'wallet') : undefined;
    if (input.billingDoc && input.billingDoc.kind !== 'pdf')
      throw badRequest(messages.pdfOnly, { billingDocType: messages.pdfOnly });
    const settings = await requireSettings(tx);
    const { tokenSymbol, minPurchaseAud } = settings;
    // Held until the order commits: what is left is read and taken by one order at a time.
    const stage = await holdStageFor(tx, input.order, tokenSymbol);
    // The buying limit of the account (KYC tiers), in the same transaction: its row is held.
    await checkBuyingLimit(tx, buyer.id, input.order.investmentAud, settings);

    const id = randomUUID();
    const toClaim: FileToClaim[] = [];
    const add = (field: string, file: PurchaseFile | undefined) => {
      if (file) toClaim.push({ field, link: file.link, kind: file.kind });
    };
    add('receiptUrl', input.receipt);
    add('documentUrl', input.document);
    add('documentUrlBack', input.documentBack);
    add('billingDoc', input.billingDoc);
    const { keys } = await uploads.claim(tx, buyer.id, { purchaseId: id }, toClaim);

    const { order } = input;
    const purchase = await insertWithReference(tx, {
      id,
      userId: buyer.id,
      paymentMode: input.paymentMode,
      bankId: input.bankId,
      investmentAmount: order.investmentAud,
      tokenAmount: order.tokenAmount,
      tokenPriceAud: order.tokenPriceAud,
      stageId: stage.id,
      stageName: stage.name,
      userAmount: order.userAmount,
      userCurrency: order.userCurrency,
      rate: order.rate,
      rateAt: order.rateAt,
      // Tokens go to the wallet named here, else to the one the buyer has on file.
      wallet: wallet ?? buyer.walletAddress,
      receiptKey: keys.receiptUrl ?? null,
      receiptType: input.receipt?.kind ?? null,
      // A bank receipt is the buyer's word that they paid; a crypto screenshot is not the payment.
      receiptAt: input.receipt && input.paymentMode === PaymentMode.Bank ? new Date() : null,
      requestId: input.requestId ?? null,
      paymentDueAt: input.paymentDueAt ?? null,
      documentKey: keys.documentUrl ?? null,
      documentBackKey: keys.documentUrlBack ?? null,
      documentType: input.document?.kind ?? input.documentBack?.kind ?? null,
      billingDocKey: keys.billingDoc ?? null,
      billingDocType: input.billingDoc?.kind ?? null,
      userRemark: input.userRemark ?? null,
    });

    await closeIfSoldOut(tx, stage, order.tokenAmount, minPurchaseAud);

    // The account's delivery wallet changes only through update-wallet (password and notice):
    // an order records the wallet it names and leaves the account's alone.
    return { purchase, buyer };
  }

  /**
   * Runs `work` in one database transaction for a signed-in user or a guest. A guest's account
   * is checked first, made or opened inside the transaction (so a failing purchase leaves no
   * account behind), and signed in after the commit.
   */
  async function inBuyerTransaction<T>(
    buyer: Buyer,
    work: (
      tx: Tx,
      user: UserRow,
      mail: { mayMail: boolean; proven: boolean },
    ) => Promise<{ result: T; buyer: UserRow }>,
  ): Promise<BuyerOutcome<T>> {
    const account =
      'guest' in buyer ? await auth.checkoutAccount(buyer.guest, buyer.ip) : undefined;
    const open = (tx: Tx) =>
      account ? account.open(tx) : 'userId' in buyer ? findUserById(tx, buyer.userId) : undefined;
    // Counted before the transaction (PGlite has one connection); a new account has no orders yet.
    const accountId = 'userId' in buyer ? buyer.userId : account?.userId;
    const known = accountId ? await findUserById(db, accountId) : undefined;
    if (accountId) await rateLimiter.hit(accountOrderLimit, accountId);
    const proven = Boolean(known?.emailVerifiedAt);
    const mayMail =
      proven ||
      (accountId
        ? (await rateLimiter.tally(unprovenOrderMailLimit, accountId)) <=
          unprovenOrderMailLimit.limit
        : true);
    const outcome = await db.transaction(async (tx) => {
      const user = await open(tx);
      if (!user) throw unauthorized(messages.notLoggedIn);
      return work(tx, user, { mayMail, proven });
    });
    // A new account's first order e-mail counts towards its hour.
    if (!accountId && account) await rateLimiter.tally(unprovenOrderMailLimit, outcome.buyer.id);
    const session = account ? await account.signIn() : undefined;
    return { ...outcome, session, newAccount: account?.isNew ?? false };
  }

  async function activeAudBank(bankId: string) {
    const bank = isUuid(bankId) ? await findActiveBank(db, bankId) : undefined;
    if (!bank || bank.currency !== 'AUD')
      throw badRequest(messages.bank, { bankId: messages.bank });
    return bank;
  }

  const dto = (purchase: PurchaseDtoRow, bankName: string | null) =>
    toPurchaseDto(purchase, bankName, uploads.downloadUrl);

  /** The caller's order with its bank account; 404 for an unknown, malformed or another's id. */
  async function mine(userId: string, purchaseId: string) {
    const row = isUuid(purchaseId) ? await findUserPurchase(db, userId, purchaseId) : undefined;
    if (!row) throw notFound(purchaseMessages.purchaseNotFound);
    return row;
  }

  /**
   * The one bank order: priced, checked against the minimum, hard cap and end date, inserted with
   * its reference and the confirmation e-mail in one transaction. `receipt` absent: the order
   * waits for its payment. A retried `requestId` answers the order it already made.
   */
  async function placeBankOrder(
    buyer: Buyer,
    body: BankOrderBody,
    receipt: PurchaseFile | undefined,
  ): Promise<BankPurchaseResult> {
    if ('guest' in buyer) await rateLimiter.hit(guestPurchaseLimit, buyer.ip);
    const bank = await activeAudBank(body.bankId);
    const order = await quote({
      userCurrency: body.userCurrency,
      userAmount: body.userAmount,
      clientAud: body.investmentAmount,
    });
    const { tokenSymbol, bankPaymentWindowHours } = await presale.settings();
    const paymentDueAt = new Date(Date.now() + bankPaymentWindowHours * 3_600_000);
    const file = (link: string | undefined, kind: FileKind | undefined) =>
      link && kind ? { link, kind } : undefined;
    let repeated = false;
    const outcome = await inBuyerTransaction(buyer, async (tx, user, { mayMail, proven }) => {
      // The buyer's row is held so that two tries of one checkout cannot both insert, and two
      // orders placed at once cannot both pass the count.
      await lockUser(tx, user.id);
      if (body.requestId) {
        const earlier = await findPurchaseByRequest(tx, user.id, body.requestId);
        if (earlier) {
          repeated = true;
          return { result: earlier, buyer: user };
        }
      }
      // Every open bank order freezes a price until its deadline, receipt or not: all are capped.
      if ((await countOpenBankOrders(tx, user.id)) >= MAX_OPEN_BANK_ORDERS)
        throw badRequest(purchaseMessages.tooManyOpenBankOrders);
      const created = await createPurchase(tx, user, {
        order,
        paymentMode: PaymentMode.Bank,
        bankId: bank.id,
        wallet: body.wallet,
        receipt,
        document: file(body.documentUrl, body.documentType),
        documentBack: file(body.documentUrlBack, body.documentType),
        billingDoc: file(body.billingDoc, body.billingDocType),
        userRemark: body.userRemark,
        requestId: body.requestId,
        paymentDueAt,
      });
      const { purchase } = created;
      // Stored with the purchase, so it goes out exactly when the purchase exists. An address
      // nobody proved is greeted with no name the requester chose.
      if (mayMail)
        await queueMail(tx, created.buyer.email, {
          kind: 'purchaseReceived',
          name: proven ? created.buyer.name : '',
          reference: purchase.reference,
          amountAud: fixed(purchase.investmentAmount, 2),
          userAmount: fixed(purchase.userAmount, 2),
          userCurrency: purchase.userCurrency,
          tokenAmount: plain(purchase.tokenAmount),
          tokenSymbol,
          tokenPriceAud: plain(purchase.tokenPriceAud),
          stageName: purchase.stageName,
          receiptAttached: receipt !== undefined,
          paymentDueAt: paymentDueAt.toISOString(),
          orderUrl: `${publicUrl}/presale-requests/${purchase.id}`,
          bank: {
            bankName: bank.bankName,
            accountHolder: bank.accountHolder,
            bic: bank.bic,
            routingNumber: bank.routingNumber,
            accountNumber: bank.accountNumber,
          },
        });
      return { result: purchase, buyer: created.buyer };
    });
    if (!repeated) mail.deliverSoon();
    const purchase = outcome.result;
    const bankName = purchase.bankId === bank.id ? bank.bankName : null;
    return {
      user: toUserDto(outcome.buyer),
      purchase: await dto(purchase, bankName),
      session: outcome.session,
      newAccount: outcome.newAccount,
    };
  }

  return {
    priceOrder: quote,
    createPurchase,
    inBuyerTransaction,
    toPurchaseDto: dto,

    /** POST /v1/purchase/add and add-noUser: a bank-transfer presale request with its receipt. */
    addBankPurchase: (buyer: Buyer, body: BankPurchaseBody): Promise<BankPurchaseResult> =>
      placeBankOrder(buyer, body, { link: body.receiptUrl, kind: body.receiptType }),

    /**
     * POST /v1/purchase/bank-order and bank-order-noUser: the same order without its receipt, so
     * the buyer has the reference and bank details before paying (Pending, awaiting payment).
     */
    addBankOrder: (buyer: Buyer, body: BankOrderBody): Promise<BankPurchaseResult> =>
      placeBankOrder(buyer, body, undefined),

    /**
     * POST /v1/purchase/:id/receipt: attaches the receipt to the caller's Pending bank order.
     * The same file again answers the order as it is (a retry); another file once one is
     * attached is a 400. The order's row is held, so two attaches at once cannot both win.
     */
    async attachReceipt(userId: string, purchaseId: string, body: ReceiptBody) {
      return db.transaction(async (tx) => {
        const locked = isUuid(purchaseId)
          ? await lockUserPurchase(tx, userId, purchaseId)
          : undefined;
        if (!locked) throw notFound(purchaseMessages.purchaseNotFound);
        const { purchase, bankName } = locked;
        if (purchase.paymentMode !== PaymentMode.Bank)
          throw badRequest(purchaseMessages.bankOrderOnly);
        if (purchase.receiptKey) {
          if ((await uploads.claimedBy(tx, body.receiptUrl)) === purchase.id)
            return dto(purchase, bankName);
          throw badRequest(purchaseMessages.receiptAlreadyAttached, {
            receiptUrl: purchaseMessages.receiptAlreadyAttached,
          });
        }
        // The deadline holds by itself, whether or not the lapse job has ended the order yet:
        // past it the order ends here, and its receipt is a late payment.
        const late = isPastPaymentWindow(purchase) && purchase.status === PurchaseStatus.Pending;
        if (late) await endBankOrderPastWindow(tx, purchase.id, purchaseMessages.bankOrderLapsed);
        const ended =
          late ||
          (purchase.status === PurchaseStatus.NotAccepted &&
            purchase.remark === purchaseMessages.bankOrderLapsed);
        if (purchase.status !== PurchaseStatus.Pending && !ended)
          throw badRequest(purchaseMessages.notAwaitingReceipt);
        const { keys } = await uploads.claim(tx, userId, { purchaseId: purchase.id }, [
          { field: 'receiptUrl', link: body.receiptUrl, kind: body.receiptType },
        ]);
        const receipt = { receiptKey: keys.receiptUrl!, receiptType: body.receiptType };
        const row = ended
          ? await setLateReceipt(tx, purchase.id, receipt, purchaseMessages.bankOrderLapsed)
          : await setPurchaseReceipt(tx, purchase.id, receipt);
        if (row && ended)
          await recordAudit(tx, {
            actorId: userId,
            action: 'purchase.lateReceipt',
            entity: 'purchase',
            entityId: row.id,
            before: { status: purchase.status, receipt: false },
            after: { status: row.status, receipt: true, lateReceiptAt: row.lateReceiptAt },
          });
        if (!row) throw badRequest(purchaseMessages.notAwaitingReceipt);
        return dto(row, bankName);
      });
    },

    /**
     * POST /v1/purchase/:id/cancel: the caller's unpaid order becomes Not Accepted (audited as
     * the buyer's own action). Again on an order the buyer cancelled: the same answer. Refused
     * (400) once a receipt, a payment or a transfer for it is in, or when staff closed it.
     */
    async cancel(userId: string, purchaseId: string, ip: string) {
      await rateLimiter.hit(cancelLimit, ip);
      const { purchase, cancelled } = await db.transaction(async (tx) => {
        // The order's transactions first, then the order, as the credit step and the lapse job
        // take them: a payment credited at the same moment never deadlocks with the cancel.
        const own = isUuid(purchaseId) ? await findUserPurchase(tx, userId, purchaseId) : undefined;
        if (own) await lockPurchaseTransactions(tx, purchaseId);
        const locked = own ? await lockUserPurchase(tx, userId, purchaseId) : undefined;
        if (!locked) throw notFound(purchaseMessages.purchaseNotFound);
        const before = locked.purchase;
        if (before.status === PurchaseStatus.NotAccepted && (await cancelledByBuyer(tx, before.id)))
          return { purchase: { row: before, bankName: locked.bankName }, cancelled: false };
        const row = await cancelUnpaidPurchase(tx, before.id);
        if (!row) throw badRequest(cancelOrderMessages.notCancellable);
        const buyer = await findUserById(tx, userId);
        if (buyer)
          await queueMail(tx, buyer.email, {
            kind: 'orderCancelled',
            name: nameToGreet(buyer),
            reference: row.reference,
            amountAud: fixed(row.investmentAmount, 2),
            orderUrl: `${publicUrl}/presale-requests/${row.id}`,
          });
        await recordAudit(tx, {
          actorId: userId,
          action: 'purchase.cancel',
          entity: 'purchase',
          entityId: row.id,
          before: { status: before.status },
          after: { status: row.status },
        });
        return { purchase: { row, bankName: locked.bankName }, cancelled: true };
      });
      if (cancelled) mail.deliverSoon();
      return { purchase: await dto(purchase.row, purchase.bankName), cancelled };
    },

    /** GET /v1/purchase/:id: one of the caller's orders with its bank account and latest payment. */
    async getMine(userId: string, purchaseId: string): Promise<PurchaseDetail> {
      const row = await mine(userId, purchaseId);
      const [purchase, evidence, settings, delivery, own, ofTransfers, lateOffer] =
        await Promise.all([
          dto(row.purchase, row.bank?.bankName ?? null),
          readPaymentEvidence(db, row.purchase.id),
          presale.settings(),
          row.purchase.status === PurchaseStatus.Accepted && orderDelivery
            ? orderDelivery(userId, row.purchase.id)
            : null,
          refundsOfPurchase(db, row.purchase.id),
          refundsOfTransfersFor(db, row.purchase.id),
          row.purchase.lateReceiptAt ? latestLateOffer(db, row.purchase.id) : undefined,
        ]);
      const { transaction } = evidence;
      return {
        purchase,
        bankAccount: row.bank ? toBankDto(row.bank) : null,
        transaction: transaction ? toTransactionDto(transaction) : null,
        tokenSymbol: settings.tokenSymbol,
        payment: paymentProgress(row.purchase, evidence),
        delivery,
        refunds: [...own, ...ofTransfers.map((r) => r.refund)]
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .map(toRefundDto),
        lateOffer: lateOffer
          ? toLateOfferDto(lateOffer, row.purchase.reference, settings.tokenSymbol)
          : null,
        cancelledByBuyer:
          row.purchase.status === PurchaseStatus.NotAccepted &&
          (await cancelledByBuyer(db, row.purchase.id)),
      };
    },

    /**
     * GET /v1/purchase/:id/receipt.pdf: the receipt of the caller's accepted order, dated in
     * `timeZone` (the buyer's, an IANA name) or else in UTC.
     */
    async receiptPdf(userId: string, purchaseId: string, timeZone?: string) {
      const row = await mine(userId, purchaseId);
      const { purchase } = row;
      if (purchase.status !== PurchaseStatus.Accepted)
        throw badRequest(purchaseMessages.receiptNotReady);
      const [user, settings, delivery, refunds] = await Promise.all([
        findUserById(db, userId),
        presale.settings(),
        orderDelivery ? orderDelivery(userId, purchase.id) : null,
        refundsOfPurchase(db, purchase.id),
      ]);
      const bytes = await renderReceiptPdf({
        reference: purchase.reference,
        seller,
        timeZone: timeZone ?? 'UTC',
        buyerName: user?.name ?? '',
        buyerEmail: user?.email ?? '',
        createdAt: purchase.createdAt,
        acceptedAt: purchase.reviewedAt,
        paymentMode: purchase.paymentMode,
        investmentAud: fixed(purchase.investmentAmount, DECIMALS.AUD),
        userAmount: plain(purchase.userAmount),
        userCurrency: purchase.userCurrency,
        tokenAmount: plain(purchase.tokenAmount),
        tokenSymbol: settings.tokenSymbol,
        tokenPriceAud: plain(purchase.tokenPriceAud),
        stageName: purchase.stageName,
        wallet: purchase.wallet ?? user?.walletAddress ?? null,
        deliveryStatement: settings.deliveryStatement ?? DEFAULT_DELIVERY_STATEMENT,
        delivery,
        deliveryUrl: `${publicUrl}/delivery`,
        refunds: refunds
          .filter((r) => r.state !== 'declined')
          .map((r) => ({ ...r, amount: refundAmountText(r) })),
      });
      return { fileName: `tmc-receipt-${purchase.reference}.pdf`, bytes };
    },

    /** GET /v1/purchase/holdings: tokens allocated and pending, the saved wallet, how delivery works. */
    async holdings(userId: string): Promise<Holdings> {
      const [sums, user, settings] = await Promise.all([
        sumUserTokens(db, userId),
        findUserById(db, userId),
        presale.settings(),
      ]);
      return {
        allocated: fixed(sums.allocated, DECIMALS.TOKEN),
        pendingReview: fixed(sums.pending, DECIMALS.TOKEN),
        tokenSymbol: settings.tokenSymbol,
        wallet: user?.walletAddress ?? null,
        deliveryStatement: settings.deliveryStatement ?? DEFAULT_DELIVERY_STATEMENT,
      };
    },

    /** GET /v1/purchase/getmypurchase: the caller's requests only, paginated in the database. */
    async listMine(userId: string, q: ListQuery<{ status?: number }>) {
      const { rows, total } = await pageUserPurchases(db, userId, pageAndFilter(q));
      const data = await Promise.all(rows.map((r) => dto(r, r.bankName)));
      return pageOf(data, total, q);
    },
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;
