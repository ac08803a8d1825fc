import { deviceTimeZone, downloadWithToken } from '../../../lib/download';

export type StatementFormat = 'csv' | 'pdf';

/**
 * GET /v1/account/statements (or staff: /v1/admin/users/:id/statements) for `period`, its days
 * read in the device's time zone.
 */
export function downloadStatement(
  period: string,
  format: StatementFormat,
  userId?: string,
): Promise<void> {
  const params = new URLSearchParams({ period, format });
  const zone = deviceTimeZone();
  if (zone) params.set('tz', zone);
  const base = userId
    ? `/v1/admin/users/${encodeURIComponent(userId)}/statements`
    : '/v1/account/statements';
  return downloadWithToken(`${base}?${params}`, `tmc-statement-${period}.${format}`);
}
