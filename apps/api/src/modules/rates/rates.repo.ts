import { asc } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { currencyRates } from '../../db/schema/index.ts';

export const listRates = (db: Tx) =>
  db.select().from(currencyRates).orderBy(asc(currencyRates.code));
