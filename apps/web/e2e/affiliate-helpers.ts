import { siteQuery } from './site-db.ts';
import { expect } from 'vitest';

/** Moves an affiliate's earnings back in time on the site's database (a week passing). */
export async function ageEarnings(affiliateEmail: string, days: number) {
  const { rowCount } = await siteQuery(
    `update affiliate_earnings set created_at = created_at - make_interval(days => $2)
     where affiliate_id = (select id from users where email = $1)`,
    [affiliateEmail, days],
  );
  expect(rowCount).toBeGreaterThan(0);
}
