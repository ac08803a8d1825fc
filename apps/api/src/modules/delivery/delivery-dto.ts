import { z } from 'zod';
import { DISTRIBUTION_STATUSES } from '../../db/schema/index.ts';

const holdReason = z.enum(['no_proven_wallet', 'no_delivery_wallet']);

export const proofFileSchema = z.object({
  address: z.string(),
  cumulativeAmount: z.string().meta({ description: 'Base units (18 decimals), decimal string' }),
  proof: z.array(z.string()),
  root: z.string(),
  epoch: z.number().int(),
  contract: z.string(),
  chainId: z.number().int(),
});

export const deliverySchema = z.object({
  deliveryWallet: z.string().nullable(),
  allocated: z.string(),
  published: z.object({ epoch: z.number().int(), cumulative: z.string() }).nullable(),
  claimed: z.string(),
  claimableNow: z.string(),
  vesting: z.object({ unlocked: z.string(), nextUnlockAt: z.string().nullable() }).nullable(),
  proof: proofFileSchema.nullable(),
  contract: z.string().nullable(),
  token: z.string().nullable(),
  chainId: z.number().int(),
  held: z.object({ tokens: z.string(), reason: holdReason }).nullable(),
  push: z.boolean().meta({
    description: 'The buyer asked our team to send their claim for them (push batches)',
  }),
});

export const distributionSchema = z.object({
  _id: z.string(),
  epoch: z.number().int(),
  root: z.string(),
  total: z.string(),
  status: z.enum(DISTRIBUTION_STATUSES),
  freezeClaims: z.boolean(),
  leafCount: z.number().int(),
  holds: z.array(
    z.object({ userId: z.string(), email: z.string(), tokens: z.string(), reason: holdReason }),
  ),
  diff: z.object({
    previousEpoch: z.number().int().nullable(),
    previousTotal: z.string(),
    total: z.string(),
    counts: z.object({
      new: z.number().int(),
      increased: z.number().int(),
      decreased: z.number().int(),
      removed: z.number().int(),
      unchanged: z.number().int(),
      held: z.number().int(),
    }),
  }),
  fundingNeeded: z.string(),
  proposedTx: z.string().nullable(),
  acceptedTx: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /v1/admin/distributions/:id: the diff with a row for each changed address. */
export const distributionDetailSchema = distributionSchema.extend({
  diff: distributionSchema.shape.diff.extend({
    rows: z.array(
      z.object({
        address: z.string(),
        email: z.string().nullable(),
        change: z.enum(['new', 'increased', 'decreased', 'removed']),
        previous: z.string(),
        next: z.string(),
      }),
    ),
  }),
});

const safeTransactionSchema = z.object({
  to: z.string(),
  value: z.string(),
  data: z.string(),
  contractMethod: z.null(),
  contractInputsValues: z.null(),
});

/** The Safe Transaction Builder's batch file. */
export const safeBatchSchema = z.object({
  version: z.string(),
  chainId: z.string(),
  createdAt: z.number().int(),
  meta: z.object({ name: z.string(), description: z.string(), txBuilderVersion: z.string() }),
  transactions: z.array(safeTransactionSchema),
});

export const pushBatchesSchema = z.object({
  epoch: z.number().int(),
  batchSize: z.number().int(),
  claims: z.number().int(),
  lastAddress: z.string().nullable(),
  batches: z.array(safeBatchSchema),
});
