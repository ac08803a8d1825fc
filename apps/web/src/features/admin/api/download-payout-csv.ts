import { downloadWithToken } from '../../../lib/download';

/** The transfer file (affiliate, e-mail, wallet, amount AUD); it needs the staff token. */
export const downloadPayoutCsv = (payoutId: string): Promise<void> =>
  downloadWithToken(
    `/v1/admin/payouts/${encodeURIComponent(payoutId)}/csv`,
    `tmc-payout-${payoutId}.csv`,
  );
