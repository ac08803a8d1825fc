import { z } from 'zod';

/* Late bank payments: the receipt of an ended order, and the order at today's price staff offer for it. */

export const LATE_OFFER_STATES = ['offered', 'accepted', 'withdrawn', 'expired'] as const;
export type LateOfferState = (typeof LATE_OFFER_STATES)[number];

/** How long the buyer has to consent by the e-mailed link. */
export const LATE_OFFER_HOURS = 72;

export const lateOfferMessages = {
  notLate: "Only a bank order that ended before its receipt came can be offered at today's price",
  refundInProgress: 'A refund of this order is in progress: it cannot be offered as an order',
  offered: 'Offer sent: the buyer accepts it by the link in the e-mail',
  linkInvalid: 'This link is not valid',
  expired: 'This offer has expired: reply to our e-mail and we will make you a new one',
  withdrawn: 'This offer was withdrawn: a newer offer or a refund replaced it',
  accepted: 'Offer accepted: your order is back in review at the new price',
  alreadyAccepted: 'You have already accepted this offer: your order is in review at the new price',
  priceChanged:
    'The price of the day has changed since this offer: reply to our e-mail and we will make you a new one',
  lateReceipt:
    'Your receipt came after the payment window closed. We will offer you this order at the price of the day, or refund the payment.',
} as const;

/** The token of a consent link: 43 base64url characters. */
export const lateOfferTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, lateOfferMessages.linkInvalid);

/** An offer as the buyer's consent page, the order page and the review queue show it. */
export const lateOfferSchema = z.object({
  id: z.string(),
  purchaseId: z.string(),
  reference: z.string(),
  state: z.enum(LATE_OFFER_STATES),
  investmentAmount: z.string().describe('AUD, 2 decimals: what the late payment was worth'),
  tokenAmount: z.string().describe('Tokens at the offered price, by the order rounding'),
  tokenPriceAud: z.string().describe('AUD per token: the price of the day the offer was made'),
  previousTokenPriceAud: z.string().describe('The price of the ended order (never used)'),
  stageName: z.string(),
  tokenSymbol: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type LateOffer = z.infer<typeof lateOfferSchema>;
