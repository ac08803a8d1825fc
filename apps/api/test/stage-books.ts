import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { purchases, stages } from '../src/db/schema/index.ts';
import { money, Money } from '../src/lib/money.ts';

const total = (values: string[]) => values.reduce((n, v) => n.plus(v), new Money(0));

/**
 * The stages' books, from the orders alone (an oracle of its own, not the product's trigger):
 * per stage, sold = Σ tokens of its accepted orders and reserved = Σ tokens of its open ones,
 * sold + reserved never past its cap while it sells, and every order's price is its stage's.
 * Orders placed before stages (no stage) are left out.
 */
export async function checkStageBooks(db: Db) {
  const [all, rows] = await Promise.all([db.select().from(purchases), db.select().from(stages)]);
  const staged = all.filter((p) => p.stageId !== null);
  const soldEverywhere = total(rows.map((s) => s.sold));
  expect(
    soldEverywhere.eq(total(staged.filter((p) => p.status === 1).map((p) => p.tokenAmount))),
    'Σ sold over the stages = tokens of accepted orders',
  ).toBe(true);
  for (const stage of rows) {
    const mine = staged.filter((p) => p.stageId === stage.id);
    const sold = total(mine.filter((p) => p.status === 1).map((p) => p.tokenAmount));
    const reserved = total(mine.filter((p) => p.status === 0).map((p) => p.tokenAmount));
    expect(
      money(stage.sold).eq(sold),
      `${stage.name}: sold ${stage.sold} ≠ ${sold.toFixed()}`,
    ).toBe(true);
    expect(
      money(stage.reserved).eq(reserved),
      `${stage.name}: reserved ${stage.reserved} ≠ ${reserved.toFixed()}`,
    ).toBe(true);
    expect(
      sold.plus(reserved).lte(stage.tokenCap),
      `${stage.name}: sold + reserved past the cap ${stage.tokenCap}`,
    ).toBe(true);
    for (const p of mine)
      expect(money(p.tokenPriceAud).eq(stage.priceAud), `${p.reference} priced off its stage`).toBe(
        true,
      );
  }
}
