import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

export const insertFile = (db: Tx, values: typeof files.$inferInsert) =>
  db.insert(files).values(values);

/** Locks the row so two purchases racing for one file cannot both claim it. */
export async function findFileForUpdate(db: Tx, key: string) {
  const [row] = await db.select().from(files).where(eq(files.key, key)).for('update');
  return row;
}

/** What a claimed upload belongs to: a purchase (receipts, order documents) or an identity review. */
export type ClaimTarget = { purchaseId: string } | { identityReviewId: string };

export const markFileClaimed = (db: Tx, id: string, ownerId: string, target: ClaimTarget) =>
  db
    .update(files)
    .set({ ownerId, ...target, uploadedAt: new Date() })
    .where(eq(files.id, id));
