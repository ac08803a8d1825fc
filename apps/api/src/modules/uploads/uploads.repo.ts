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

export const markFileClaimed = (db: Tx, id: string, ownerId: string, purchaseId: string) =>
  db.update(files).set({ ownerId, purchaseId, uploadedAt: new Date() }).where(eq(files.id, id));
