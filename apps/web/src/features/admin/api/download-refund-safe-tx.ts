import { downloadWithToken } from '../../../lib/download';

/** An approved crypto refund as a Safe Transaction Builder batch; it needs the staff token. */
export const downloadRefundSafeTx = (refundId: string): Promise<void> =>
  downloadWithToken(
    `/v1/admin/refunds/${encodeURIComponent(refundId)}/safe-tx.json`,
    `tmc-refund-${refundId}-safe-tx.json`,
  );
