import { deviceTimeZone, downloadWithToken } from '../../../lib/download';

/** GET /v1/purchase/:id/receipt.pdf?tz=<zone>: the receipt of an accepted order. */
export function downloadReceiptPdf(purchaseId: string, reference: string): Promise<void> {
  const zone = deviceTimeZone();
  const query = zone ? `?tz=${encodeURIComponent(zone)}` : '';
  return downloadWithToken(
    `/v1/purchase/${encodeURIComponent(purchaseId)}/receipt.pdf${query}`,
    `tmc-receipt-${reference}.pdf`,
  );
}
