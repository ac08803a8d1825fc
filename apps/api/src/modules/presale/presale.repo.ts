import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

export async function findSettings(db: Tx) {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  return row;
}
