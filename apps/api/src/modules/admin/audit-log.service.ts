import type { Db } from '../../db/client.ts';
import { pageOf, type ListQuery } from '../../lib/list-query.ts';
import { auditRecordNames, listAuditLog, type AuditLogQuery } from './audit-log.repo.ts';

export function createAuditLogService({ db }: { db: Db }) {
  return {
    async list(q: ListQuery<unknown> & Omit<AuditLogQuery, 'offset' | 'limit'>) {
      const { rows, total, estimate } = await listAuditLog(db, q);
      const names = await auditRecordNames(
        db,
        rows.map(({ entry }) => entry),
      );
      return pageOf(
        rows.map(({ entry, actor }) => ({
          _id: entry.id,
          actor: actor?.id ? { _id: actor.id, email: actor.email, name: actor.name } : null,
          action: entry.action,
          entity: entry.entity,
          entityId: entry.entityId,
          reference: names.get(`${entry.entity}:${entry.entityId}`) ?? null,
          before: entry.before ?? null,
          after: entry.after ?? null,
          createdAt: entry.createdAt.toISOString(),
        })),
        total,
        q,
        estimate,
      );
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
