import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@tmc/shared';
import { adminListQueryOptions, type AdminListParams } from './admin-list';

/** Query: actor (staff e-mail), actorId, action, entity, entityId. */
export const auditLogQueryOptions = (params: AdminListParams) =>
  adminListQueryOptions<AuditEntry>('audit-log', '/v1/admin/audit-log', params);

export function useAuditLog(params: AdminListParams) {
  return useQuery(auditLogQueryOptions(params));
}
