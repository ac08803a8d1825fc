import { downloadWithToken } from '../../../lib/download';

/** The device's IANA time zone, so the receipt is dated on the same day the site shows. */
const deviceTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

/** GET /v1/purchase/:id/receipt.pdf?tz=<zone>: the receipt of an accepted order. */
export function downloadReceiptPdf(purchaseId: string, reference: string): Promise<void> {
  const zone = deviceTimeZone();
  const query = zone ? `?tz=${encodeURIComponent(zone)}` : '';
  return downloadWithToken(
    `/v1/purchase/${encodeURIComponent(purchaseId)}/receipt.pdf${query}`,
    `tmc-receipt-${reference}.pdf`,
  );
}
