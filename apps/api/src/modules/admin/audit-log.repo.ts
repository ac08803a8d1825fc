import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { newestFirst, staffPage } from '../../db/staff-page.ts';
import {
  auditLog,
  banks,
  payouts,
  purchases,
  unmatchedPayments,
  users,
} from '../../db/schema/index.ts';
import { containing } from './admin-users.repo.ts';
import { isUuid } from '../../lib/uuid.ts';

export interface AuditLogQuery {
  offset: number;
  limit: number;
  actorId?: string;
  actorEmail?: string;
  action?: string;
  entity?: string;
  entityId?: string;
}

/**
 * One page of the audit log, newest first on audit_log_created_idx (or the action's, entity's or
 * actor's index). The total is exact from list_counts for the entity and action filters, counted
 * up to COUNT_CAP for an actor or a record.
 */
export async function listAuditLog(db: Tx, q: AuditLogQuery) {
  const conditions: SQL[] = [];
  if (q.actorId) conditions.push(eq(auditLog.actorId, q.actorId));
  if (q.actorEmail) conditions.push(ilike(users.email, containing(q.actorEmail)));
  if (q.action) conditions.push(eq(auditLog.action, q.action));
  if (q.entity) conditions.push(eq(auditLog.entity, q.entity));
  if (q.entityId) conditions.push(eq(auditLog.entityId, q.entityId));
  const where = conditions.length ? and(...conditions) : undefined;
  return staffPage(
    db,
    db
      .select({ entry: auditLog, actor: { id: users.id, email: users.email, name: users.name } })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(...newestFirst(auditLog))
      .limit(q.limit)
      .offset(q.offset),
    {
      list: 'audit_log',
      dims: [q.entity, q.action],
      search:
        Boolean(q.actorId || q.actorEmail || q.entityId) &&
        db
          .select({ one: sql`1` })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where),
    },
  );
}

/** The tables whose records have a name people know them by, and that name's column. */
const namedRecords = {
  purchase: { table: purchases, id: purchases.id, name: purchases.reference },
  user: { table: users, id: users.id, name: users.email },
  bank: { table: banks, id: banks.id, name: banks.bankName },
  // A batch not paid yet has no transfer reference: it is named by its tier and UTC cut-off.
  payout: {
    table: payouts,
    id: payouts.id,
    name: sql<string>`coalesce(${payouts.reference}, 'Tier ' || ${payouts.tier} || ' batch to ' || to_char(${payouts.periodEnd} at time zone 'UTC', 'YYYY-MM-DD'))`,
  },
  unmatchedPayment: {
    table: unmatchedPayments,
    id: unmatchedPayments.id,
    name: unmatchedPayments.txnHash,
  },
} as const;

/**
 * The names of the records a page of audit entries is about (a presale request's TMC-XXXXXX
 * reference, a user's e-mail, a bank's name, a payout's transfer reference or tier and cut-off,
 * an unmatched payment's transaction hash), keyed
 * `entity:entityId`: one query per kind of record on the page, not one per entry.
 */
export async function auditRecordNames(
  db: Tx,
  entries: readonly { entity: string; entityId: string | null }[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  await Promise.all(
    Object.entries(namedRecords).map(async ([entity, source]) => {
      const ids = [
        ...new Set(
          entries
            .filter((e) => e.entity === entity && e.entityId && isUuid(e.entityId))
            .map((e) => e.entityId as string),
        ),
      ];
      if (ids.length === 0) return;
      const rows = await db
        .select({ id: source.id, name: source.name })
        .from(source.table)
        .where(inArray(source.id, ids));
      for (const row of rows) if (row.name) names.set(`${entity}:${row.id}`, row.name);
    }),
  );
  return names;
}
