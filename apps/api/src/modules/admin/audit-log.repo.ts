import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { containing } from './admin-users.repo.ts';

export interface AuditLogQuery {
  offset: number;
  limit: number;
  actorId?: string;
  actorEmail?: string;
  action?: string;
  entity?: string;
  entityId?: string;
}

export async function listAuditLog(db: Tx, q: AuditLogQuery) {
  const conditions: SQL[] = [];
  if (q.actorId) conditions.push(eq(auditLog.actorId, q.actorId));
  if (q.actorEmail) conditions.push(ilike(users.email, containing(q.actorEmail)));
  if (q.action) conditions.push(eq(auditLog.action, q.action));
  if (q.entity) conditions.push(eq(auditLog.entity, q.entity));
  if (q.entityId) conditions.push(eq(auditLog.entityId, q.entityId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actor: { id: users.id, email: users.email, name: users.name } })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: count() })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
