import { downloadWithToken } from '../../../lib/download';

/** GET /v1/purchase/:id/receipt.pdf: the receipt of an accepted order. */
export const downloadReceiptPdf = (purchaseId: string, reference: string): Promise<void> =>
  downloadWithToken(
    `/v1/purchase/${encodeURIComponent(purchaseId)}/receipt.pdf`,
    `tmc-receipt-${reference}.pdf`,
  );
