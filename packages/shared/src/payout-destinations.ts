import { z } from 'zod';
import { messages } from './messages.ts';
import { WALLET_PATTERN } from './auth.ts';

/** Validation and decision texts of the affiliate's payout destination. */
export const payoutDestinationMessages = {
  kind: 'Choose a bank account in AUD or a wallet',
  accountName: 'Enter the name on the bank account',
  bsb: 'BSB must be 6 digits, e.g. 062-000',
  accountNumber: 'Account number must be 5 to 9 digits',
  password: 'Enter your password to confirm',
  wrongPassword: 'Password is incorrect',
  saved: 'Payout destination saved',
  /** Staff: a batch line whose affiliate has given no destination. */
  held: 'Held: no payout destination yet',
  heldBatch:
    'This payout has lines without a payout destination: they are held, so it cannot be marked paid',
  noneWithDestination:
    'No affiliate due for this period has a payout destination that can be paid yet; their lines are held',
  /** Staff: a batch line whose affiliate changed the destination within the hold after a change. */
  heldChanged: 'Held: payout destination changed recently',
  /** Mark paid: the total staff transferred is not the batch's. */
  totalMismatch: (batchTotal: string) =>
    `The batch total is now A$${batchTotal}, not the total you entered: check the batch and its transfer file again before marking it paid`,
  expectedTotal: 'Enter the total you transferred in AUD, e.g. 1234.50',
  /** The affiliate: their approved commissions, while they have given no destination. */
  heldForAffiliate: 'Held until you add a payout destination',
  addDestination: 'Add a payout destination',
} as const;

/** The payout destination form on the affiliate's page (its anchor), linked from e-mails and cards. */
export const PAYOUT_DESTINATION_ANCHOR = 'payout-destination';

/** Why a line is held out of a batch: no destination yet, or one changed within the hold. */
export type PayoutHeldReason = 'no-destination' | 'destination-changed';

const password = z
  .string({ error: payoutDestinationMessages.password })
  .min(1, payoutDestinationMessages.password)
  .max(200, payoutDestinationMessages.password);

/** Body of POST /v1/affiliate/payout-destination: a bank account in AUD or a wallet, and the password. */
export const payoutDestinationSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('bank'),
      accountName: z
        .string({ error: payoutDestinationMessages.accountName })
        .trim()
        .min(1, payoutDestinationMessages.accountName)
        .max(100, payoutDestinationMessages.accountName),
      bsb: z
        .string({ error: payoutDestinationMessages.bsb })
        .trim()
        .regex(/^\d{3}[- ]?\d{3}$/, payoutDestinationMessages.bsb)
        .transform(
          (bsb) => `${bsb.replace(/\D/g, '').slice(0, 3)}-${bsb.replace(/\D/g, '').slice(3)}`,
        ),
      accountNumber: z
        .string({ error: payoutDestinationMessages.accountNumber })
        .trim()
        .regex(/^\d{5,9}$/, payoutDestinationMessages.accountNumber),
      password,
    }),
    z.object({
      kind: z.literal('wallet'),
      walletAddress: z
        .string({ error: messages.walletFormat })
        .trim()
        .regex(WALLET_PATTERN, messages.walletFormat),
      password,
    }),
  ],
  { error: payoutDestinationMessages.kind },
);

export type PayoutDestinationBody = z.output<typeof payoutDestinationSchema>;
export type PayoutDestinationInput = z.input<typeof payoutDestinationSchema>;

/** Where an affiliate's commissions go (bank accounts are in AUD). */
export type PayoutDestination =
  | {
      kind: 'bank';
      currency: 'AUD';
      accountName: string;
      bsb: string;
      accountNumber: string;
      updatedAt: string;
    }
  | { kind: 'wallet'; walletAddress: string; updatedAt: string };

/** One line, as the payout file and the staff console show a destination. */
export function destinationText(d: PayoutDestination | null): string {
  if (!d) return payoutDestinationMessages.held;
  return d.kind === 'bank'
    ? `AUD bank: ${d.accountName}, BSB ${d.bsb}, account ${d.accountNumber}`
    : `Wallet ${d.walletAddress}`;
}
