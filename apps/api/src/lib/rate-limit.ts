import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { tooManyRequests } from './errors.ts';

export interface RateLimitRule {
  /** What is limited, e.g. 'login:ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Keys are hashed so e-mails and IPs are not stored in clear. */
const keyFor = (rule: RateLimitRule, subject: string) =>
  `${rule.name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`;

/** Fixed-window counters in the database, so every copy of the API shares them. */
export function createRateLimiter(db: Db) {
  async function count(rule: RateLimitRule, subject: string) {
    const [row] = await db
      .insert(rateLimits)
      .values({
        key: keyFor(rule, subject),
        count: 1,
        resetAt: sql`now() + make_interval(secs => ${rule.windowSeconds})`,
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    return row!;
  }

  return {
    /** Counts one hit and throws 429 (with retry-after) once the limit is passed. */
    async hit(rule: RateLimitRule, subject: string) {
      const { count: n, resetAt } = await count(rule, subject);
      if (n > rule.limit) throw tooManyRequests((resetAt.getTime() - Date.now()) / 1000);
    },
    /** Counts one hit without throwing; answers the count in the window so far. */
    async tally(rule: RateLimitRule, subject: string) {
      return (await count(rule, subject)).count;
    },
    /** Throws 429 if the limit is already used up, without counting. */
    async check(rule: RateLimitRule, subject: string) {
      const row = await db.query.rateLimits.findFirst({
        where: (t, { eq, and, gt }) =>
          and(eq(t.key, keyFor(rule, subject)), gt(t.resetAt, sql`now()`)),
      });
      if (row && row.count >= rule.limit)
        throw tooManyRequests((row.resetAt.getTime() - Date.now()) / 1000);
    },
    async reset(rule: RateLimitRule, subject: string) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${keyFor(rule, subject)}`);
    },
    async purgeExpired() {
      await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
