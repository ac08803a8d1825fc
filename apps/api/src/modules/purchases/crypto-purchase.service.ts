import { parseUnits } from 'viem';
import {
  cryptoPurchaseMessages,
  DECIMALS,
  MAX_OPEN_CRYPTO_ORDERS,
  PaymentMode,
  PaymentStatus,
  type AuthResult,
  type CryptoCurrency,
  type CryptoPurchaseBody,
  type CryptoPurchaseResult,
} from '@tmc/shared';
import { badRequest } from '../../lib/errors.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { fixed, plain } from '../../lib/money.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limit.ts';
import { toUserDto } from '../account/user-dto.ts';
import { lockUser } from '../account/users.repo.ts';
import type { PresaleService } from '../presale/presale.service.ts';
import { toTransactionDto } from '../transactions/transaction-dto.ts';
import { countOpenCryptoOrders } from '../transactions/transactions.repo.ts';
import { insertQuotedTransaction } from './exact-quote.ts';
import { guestPurchaseLimit, type Buyer, type PurchasesService } from './purchases.service.ts';

/** Orders of one amount of one coin per account (a guest checkout: per e-mail) an hour. */
export const sameAmountOrderLimit: RateLimitRule = {
  name: 'crypto-order-amount',
  limit: 5,
  windowSeconds: 3600,
};

export interface CryptoPurchaseOutcome extends CryptoPurchaseResult {
  /** Guests only: the session they are signed in with. */
  session?: AuthResult;
  newAccount: boolean;
}

interface CryptoPurchaseDeps {
  purchases: Pick<
    PurchasesService,
    'priceOrder' | 'createPurchase' | 'inBuyerTransaction' | 'toPurchaseDto'
  >;
  presale: Pick<PresaleService, 'settings'>;
  rateLimiter: RateLimiter;
  /** Sends the order e-mail stored with the order once it is committed. */
  mail: Pick<QueuedMailDelivery, 'deliverSoon'>;
  /** The site's address, for the order link in the e-mail. */
  publicUrl: string;
}

export function createCryptoPurchaseService({
  purchases,
  presale,
  rateLimiter,
  mail,
  publicUrl,
}: CryptoPurchaseDeps) {
  return {
    /**
     * POST /v1/purchase/add-crypto and add-crypto-noUser: a Pending presale request priced in
     * AUD from the server's rates, and a Pending transaction quoting the company wallet and an
     * exact coin amount of its own (the nominal amount plus a tag), for the buyer to pay. At most
     * MAX_OPEN_CRYPTO_ORDERS open orders per buyer.
     */
    async addCryptoPurchase(
      buyer: Buyer,
      body: CryptoPurchaseBody,
    ): Promise<CryptoPurchaseOutcome> {
      if ('guest' in buyer) await rateLimiter.hit(guestPurchaseLimit, buyer.ip);
      const coin: CryptoCurrency = body.currency;
      const order = await purchases.priceOrder({
        userCurrency: coin,
        userAmount: body.investmentAmount,
      });
      const settings = await presale.settings();
      const nominal = parseUnits(order.userAmount, DECIMALS[coin]);
      const who = 'guest' in buyer ? buyer.guest.email.toLowerCase() : buyer.userId;
      await rateLimiter.hit(sameAmountOrderLimit, `${who}:${coin}:${nominal}`);
      const quoteExpiresAt = new Date(Date.now() + settings.quoteTtlMinutes * 60_000);

      const outcome = await purchases.inBuyerTransaction(buyer, async (tx, user, mailing) => {
        // The buyer's row is held so that two orders placed at once cannot both pass the count.
        await lockUser(tx, user.id);
        if ((await countOpenCryptoOrders(tx, user.id)) >= MAX_OPEN_CRYPTO_ORDERS)
          throw badRequest(cryptoPurchaseMessages.tooManyOpenOrders);
        const { purchase, buyer: updated } = await purchases.createPurchase(tx, user, {
          order,
          paymentMode: PaymentMode.Crypto,
          bankId: null,
          receipt:
            body.receiptUrl && body.receiptType
              ? { link: body.receiptUrl, kind: body.receiptType }
              : undefined,
          userRemark: body.userRemark,
        });
        const transaction = await insertQuotedTransaction(
          tx,
          {
            userId: updated.id,
            purchaseId: purchase.id,
            tokenAmount: order.tokenAmount,
            userAmount: order.userAmount,
            userCurrency: coin,
            paymentStatus: PaymentStatus.Pending,
            paymentMode: PaymentMode.Crypto,
            // The wallet of the quote: a later change of the setting does not move an open order.
            walletAddress: settings.companyWallet,
            quoteExpiresAt,
          },
          { coin, nominal },
        );
        // What an exchange payer needs once they have left the tab: the exact amount, the wallet
        // and the deadline, stored with the order (as a bank order's e-mail is).
        if (mailing.mayMail)
          await queueMail(tx, updated.email, {
            kind: 'cryptoOrderPlaced',
            name: mailing.proven ? updated.name : '',
            reference: purchase.reference,
            amountAud: fixed(purchase.investmentAmount, 2),
            amount: plain(transaction.price),
            coin,
            wallet: settings.companyWallet,
            quoteExpiresAt: quoteExpiresAt.toISOString(),
            tokenAmount: plain(purchase.tokenAmount),
            tokenSymbol: settings.tokenSymbol,
            orderUrl: `${publicUrl}/presale-requests/${purchase.id}`,
          });
        return { result: { purchase, transaction }, buyer: updated };
      });
      mail.deliverSoon();

      const { purchase, transaction } = outcome.result;
      return {
        userInfo: toUserDto(outcome.buyer),
        purchase: await purchases.toPurchaseDto(purchase, null),
        transaction: toTransactionDto(transaction),
        session: outcome.session,
        newAccount: outcome.newAccount,
      };
    },
  };
}

export type CryptoPurchaseService = ReturnType<typeof createCryptoPurchaseService>;
