import { randomUUID } from 'node:crypto';
import {
  messages,
  PaymentMode,
  type AuthResult,
  type BankPurchaseBody,
  type FileKind,
  type Purchase,
  type User,
} from '@tmc/shared';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { pageOf, type ListQuery } from '../../lib/list-query.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { fixed, plain } from '../../lib/money.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limit.ts';
import { checksummed } from '../account/account.service.ts';
import { toUserDto } from '../account/user-dto.ts';
import {
  findUserById,
  isUniqueViolation,
  setWalletAddressIfUnset,
  type UserRow,
} from '../account/users.repo.ts';
import type { AuthService, CheckoutGuest } from '../auth/auth.service.ts';
import { findActiveBank } from '../banks/banks.repo.ts';
import type { PresaleService } from '../presale/presale.service.ts';
import type { RatesService } from '../rates/rates.service.ts';
import type { FileToClaim, UploadsService } from '../uploads/uploads.service.ts';
import { priceOrder, type OrderInput, type PricedOrder } from './order-pricing.ts';
import { newPaymentReference } from './payment-reference.ts';
import { toPurchaseDto } from './purchase-dto.ts';
import {
  insertPurchase,
  pageUserPurchases,
  type NewPurchaseRow,
  type PurchaseRow,
} from './purchases.repo.ts';

/** Guest checkouts are unauthenticated writes: limited per IP on top of the sign-up and login limits. */
export const guestPurchaseLimit: RateLimitRule = {
  name: 'purchase-guest:ip',
  limit: 20,
  windowSeconds: 3600,
};

const REFERENCE_ATTEMPTS = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  /** 0x + 40 hex as given; stored in EIP-55 form, and saved to the buyer if they have no wallet. */
  wallet?: string;
  receipt?: PurchaseFile;
  document?: PurchaseFile;
  documentBack?: PurchaseFile;
  /** Must be a pdf (AML document). */
  billingDoc?: PurchaseFile;
  userRemark?: string;
}

export interface BuyerOutcome<T> {
  result: T;
  /** The buyer as the transaction left them (a wallet may have been saved). */
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
  rates: Pick<RatesService, 'table'>;
  rateLimiter: RateLimiter;
  /** Tests pass a fixed sequence to provoke a clash. */
  newReference?: () => string;
}

export function createPurchasesService({
  db,
  mail,
  uploads,
  auth,
  presale,
  rates,
  rateLimiter,
  newReference = newPaymentReference,
}: PurchasesDeps) {
  /** Prices an order from the server's rates, token price and minimum (400 on any problem). */
  async function quote(input: OrderInput): Promise<PricedOrder> {
    const [settings, table] = await Promise.all([presale.settings(), rates.table()]);
    return priceOrder(input, {
      rates: table.rates,
      tokenPriceAud: settings.tokenPriceAud,
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
   * (each must be an unclaimed upload of its declared kind), gives it a unique payment
   * reference, and saves the wallet to the buyer if they have none. Throws 400 on a bad file
   * or wallet; the caller's transaction then undoes everything.
   */
  async function createPurchase(tx: Tx, buyer: UserRow, input: NewPurchase) {
    const wallet = input.wallet ? checksummed(input.wallet, 'wallet') : undefined;
    if (input.billingDoc && input.billingDoc.kind !== 'pdf')
      throw badRequest(messages.pdfOnly, { billingDocType: messages.pdfOnly });

    const id = randomUUID();
    const toClaim: FileToClaim[] = [];
    const add = (field: string, file: PurchaseFile | undefined) => {
      if (file) toClaim.push({ field, link: file.link, kind: file.kind });
    };
    add('receiptUrl', input.receipt);
    add('documentUrl', input.document);
    add('documentUrlBack', input.documentBack);
    add('billingDoc', input.billingDoc);
    const keys = await uploads.claim(tx, buyer.id, id, toClaim);

    const { order } = input;
    const purchase = await insertWithReference(tx, {
      id,
      userId: buyer.id,
      paymentMode: input.paymentMode,
      bankId: input.bankId,
      investmentAmount: order.investmentAud,
      tokenAmount: order.tokenAmount,
      tokenPriceAud: order.tokenPriceAud,
      userAmount: order.userAmount,
      userCurrency: order.userCurrency,
      rate: order.rate,
      // Tokens go to the wallet named here, else to the one the buyer has on file.
      wallet: wallet ?? buyer.walletAddress,
      receiptKey: keys.receiptUrl ?? null,
      receiptType: input.receipt?.kind ?? null,
      documentKey: keys.documentUrl ?? null,
      documentBackKey: keys.documentUrlBack ?? null,
      documentType: input.document?.kind ?? input.documentBack?.kind ?? null,
      billingDocKey: keys.billingDoc ?? null,
      billingDocType: input.billingDoc?.kind ?? null,
      userRemark: input.userRemark ?? null,
    });

    const updated =
      wallet && !buyer.walletAddress
        ? await setWalletAddressIfUnset(tx, buyer.id, wallet)
        : undefined;
    return { purchase, buyer: updated ?? buyer };
  }

  /**
   * Runs `work` in one database transaction for a signed-in user or a guest. A guest's account
   * is checked first, made or opened inside the transaction (so a failing purchase leaves no
   * account behind), and signed in after the commit.
   */
  async function inBuyerTransaction<T>(
    buyer: Buyer,
    work: (tx: Tx, user: UserRow) => Promise<{ result: T; buyer: UserRow }>,
  ): Promise<BuyerOutcome<T>> {
    const account =
      'guest' in buyer ? await auth.checkoutAccount(buyer.guest, buyer.ip) : undefined;
    const open = (tx: Tx) =>
      account ? account.open(tx) : 'userId' in buyer ? findUserById(tx, buyer.userId) : undefined;
    const outcome = await db.transaction(async (tx) => {
      const user = await open(tx);
      if (!user) throw unauthorized(messages.notLoggedIn);
      return work(tx, user);
    });
    const session = account ? await account.signIn() : undefined;
    return { ...outcome, session, newAccount: account?.isNew ?? false };
  }

  async function activeAudBank(bankId: string) {
    const bank = UUID.test(bankId) ? await findActiveBank(db, bankId) : undefined;
    if (!bank || bank.currency !== 'AUD')
      throw badRequest(messages.bank, { bankId: messages.bank });
    return bank;
  }

  const dto = (purchase: PurchaseRow, bankName: string | null) =>
    toPurchaseDto(purchase, bankName, uploads.downloadUrl);

  return {
    priceOrder: quote,
    createPurchase,
    inBuyerTransaction,
    toPurchaseDto: dto,

    /** POST /v1/purchase/add and add-noUser: a bank-transfer presale request, Pending until staff review it. */
    async addBankPurchase(buyer: Buyer, body: BankPurchaseBody): Promise<BankPurchaseResult> {
      if ('guest' in buyer) await rateLimiter.hit(guestPurchaseLimit, buyer.ip);
      const bank = await activeAudBank(body.bankId);
      const order = await quote({
        userCurrency: body.userCurrency,
        userAmount: body.userAmount,
        clientAud: body.investmentAmount,
      });
      const { tokenSymbol } = await presale.settings();
      const file = (link: string | undefined, kind: FileKind | undefined) =>
        link && kind ? { link, kind } : undefined;
      const outcome = await inBuyerTransaction(buyer, async (tx, user) => {
        const created = await createPurchase(tx, user, {
          order,
          paymentMode: PaymentMode.Bank,
          bankId: bank.id,
          wallet: body.wallet,
          receipt: { link: body.receiptUrl, kind: body.receiptType },
          document: file(body.documentUrl, body.documentType),
          documentBack: file(body.documentUrlBack, body.documentType),
          billingDoc: file(body.billingDoc, body.billingDocType),
          userRemark: body.userRemark,
        });
        const { purchase } = created;
        // Stored with the purchase, so it goes out exactly when the purchase exists.
        await queueMail(tx, created.buyer.email, {
          kind: 'purchaseReceived',
          name: created.buyer.name,
          reference: purchase.reference,
          amountAud: fixed(purchase.investmentAmount, 2),
          tokenAmount: plain(purchase.tokenAmount),
          tokenSymbol,
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
      mail.deliverSoon();
      const purchase = outcome.result;
      return {
        user: toUserDto(outcome.buyer),
        purchase: await dto(purchase, bank.bankName),
        session: outcome.session,
        newAccount: outcome.newAccount,
      };
    },

    /** GET /v1/purchase/getmypurchase: the caller's requests only, paginated in the database. */
    async listMine(userId: string, q: ListQuery<{ status?: number }>) {
      const { rows, total } = await pageUserPurchases(db, userId, {
        limit: q.limit,
        offset: q.offset,
        sortPrice: q.sortPrice,
        status: q.filter.status,
      });
      const data = await Promise.all(rows.map((r) => dto(r.purchase, r.bankName)));
      return pageOf(data, total, q);
    },
  };
}

export type PurchasesService = ReturnType<typeof createPurchasesService>;
