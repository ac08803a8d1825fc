/*
 * Token delivery answers (GET /v1/delivery, the proof file, the staff distributions). Token
 * amounts are decimal strings of TMC (18 decimals); base units appear only in the proof's
 * `cumulativeAmount`, as the contract takes it.
 */

/** Why a buyer's tokens are left out of a distribution. */
export type DeliveryHoldReason = 'no_proven_wallet' | 'no_delivery_wallet';

/** `proof.json`, the e-mail attachment and `proof` of GET /v1/delivery. */
export interface DeliveryProofFile {
  address: string;
  /** Base units (18 decimals), decimal string. */
  cumulativeAmount: string;
  proof: string[];
  root: string;
  epoch: number;
  contract: string;
  chainId: number;
}

/** `data` of GET /v1/delivery. */
export interface Delivery {
  /** The chosen proven wallet, or the only one; checksummed. */
  deliveryWallet: string | null;
  allocated: string;
  /** Null while held or before a root is published. */
  published: { epoch: number; cumulative: string } | null;
  claimed: string;
  claimableNow: string;
  /** Null without vesting. */
  vesting: { unlocked: string; nextUnlockAt: string | null } | null;
  proof: DeliveryProofFile | null;
  /** Null: delivery has not started. */
  contract: string | null;
  token: string | null;
  chainId: number;
  held: { tokens: string; reason: DeliveryHoldReason } | null;
  /** The buyer asked our team to send their claim for them (PUT /v1/account/delivery-push). */
  push: boolean;
}

export const DISTRIBUTION_STATUS_VALUES = [
  'draft',
  'proposed',
  'accepted',
  'cancelled',
  'superseded',
] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUS_VALUES)[number];

export type DistributionChange = 'new' | 'increased' | 'decreased' | 'removed';

/** One distribution of GET /v1/admin/distributions (and of its build, get and cancel). */
export interface Distribution {
  _id: string;
  epoch: number;
  root: string;
  total: string;
  status: DistributionStatus;
  freezeClaims: boolean;
  leafCount: number;
  holds: { userId: string; email: string; tokens: string; reason: DeliveryHoldReason }[];
  diff: {
    previousEpoch: number | null;
    previousTotal: string;
    total: string;
    counts: {
      new: number;
      increased: number;
      decreased: number;
      removed: number;
      unchanged: number;
      held: number;
    };
  };
  fundingNeeded: string;
  proposedTx: string | null;
  acceptedTx: string | null;
  createdAt: string;
}

/** GET /v1/admin/distributions/:id: the diff's rows, one for each address that changed. */
export interface DistributionDetail extends Distribution {
  diff: Distribution['diff'] & {
    rows: {
      address: string;
      email: string | null;
      change: DistributionChange;
      previous: string;
      next: string;
    }[];
  };
}
