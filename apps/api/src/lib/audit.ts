import type { Tx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

/** One staff action: who did what to which record, and how it looked before and after. */
export interface AuditEntry {
  /** Null for the site's own jobs (the payment watcher). */
  actorId: string | null;
  /** What was done, `<entity>.<verb>`, e.g. 'bank.update'. */
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Dates become ISO strings and undefined fields disappear, as they would in an API answer. */
const snapshot = (value: unknown): unknown =>
  value === undefined || value === null ? null : (JSON.parse(JSON.stringify(value)) as unknown);

/**
 * Writes the audit row. Call it with the transaction that makes the change, so the change and
 * its record commit (or roll back) together.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
  });
}
