import { downloadWithToken } from '../../../lib/download';

export type DistributionFile = 'leaves.csv' | 'safe-tx.json' | 'push-batches.json';

/** A distribution's file (leaves, the Safe batch, the push batches); it needs the staff token. */
export const downloadDistributionFile = (
  distribution: { _id: string; epoch: number },
  file: DistributionFile,
): Promise<void> =>
  downloadWithToken(
    `/v1/admin/distributions/${encodeURIComponent(distribution._id)}/${file}`,
    `tmc-distribution-${distribution.epoch}-${file}`,
  );
