import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { metrics } from './metrics.ts';
import { rateLimits } from '../db/schema/index.ts';
import { tooManyRequests } from './errors.ts';

export interface RateLimitRule {
  /** What is limited, e.g. 'login:ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * An IPv6 client is limited by its /64, the network one subscriber gets (it can use any of its
 * 2^64 addresses); an IPv4-mapped address is its IPv4 address. Other subjects are left as they are.
 */
export function rateLimitSubject(subject: string): string {
  if (!isIPv6(subject)) return subject;
  const address = subject.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) => (part ? part.split(':') : []);
  // A trailing dotted IPv4 part fills two groups.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? groupsOf(head)
      : [
          ...groupsOf(head),
          ...Array<string>(8 - width(groupsOf(head)) - width(groupsOf(tail))).fill('0'),
          ...groupsOf(tail),
        ];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The network a client's wrong codes are counted for: its own IPv4 address (carrier-grade NAT and
 * offices put many people behind one /24, so a wider key would lock them all out) or its IPv6 /64.
 */
export function networkOf(ip: string): string {
  return rateLimitSubject(ip);
}

/** Keys are hashed so e-mails and IPs are not stored in clear. */
const keyFor = (rule: RateLimitRule, subject: string) =>
  `${rule.name}:${createHash('sha256').update(rateLimitSubject(subject)).digest('base64url').slice(0, 32)}`;

/**
 * Fixed-window counters in the database, so every copy of the API shares them. The statements on
 * every unauthenticated write are built once and prepared (named), so a hit costs one round trip
 * and no query building.
 */
export function createRateLimiter(db: Db) {
  const upsertHit = () =>
    db
      .insert(rateLimits)
      .values({
        key: sql.placeholder('key'),
        count: 1,
        resetAt: sql`now() + make_interval(secs => ${sql.placeholder('windowSeconds')})`,
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const hitStatement = upsertHit().prepare('rate_limit_hit');
  const hit = db.$with('hit').as(upsertHit());
  const hitAndCheckStatement = db
    .with(hit)
    .select({
      count: hit.count,
      resetAt: hit.resetAt,
      checked: sql<{ key: string; count: number; resetMs: number }[]>`(
        select coalesce(json_agg(json_build_object(
          'key', ${rateLimits.key}, 'count', ${rateLimits.count},
          'resetMs', extract(epoch from ${rateLimits.resetAt}) * 1000)), '[]'::json)
        from ${rateLimits}
        where ${rateLimits.key} = any(${sql.placeholder('checkKeys')}::text[]) and ${rateLimits.resetAt} > now())`,
    })
    .from(hit)
    .prepare('rate_limit_hit_and_check');

  async function count(rule: RateLimitRule, subject: string) {
    const [row] = await hitStatement.execute({
      key: keyFor(rule, subject),
      windowSeconds: rule.windowSeconds,
    });
    return row!;
  }

  const over = (resetAt: Date) => {
    metrics.rateLimited();
    return tooManyRequests((resetAt.getTime() - Date.now()) / 1000);
  };

  return {
    /** Counts one hit and throws 429 (with retry-after) once the limit is passed. */
    async hit(rule: RateLimitRule, subject: string) {
      const { count: n, resetAt } = await count(rule, subject);
      if (n > rule.limit) throw over(resetAt);
    },
    /**
     * `hit(rule, subject)` and then `check` of each of `checks`, in one statement. Answers the
     * counts `checks` have so far in their windows (0 when none), so a caller can skip a reset.
     */
    async hitAndCheck(
      rule: RateLimitRule,
      subject: string,
      checks: readonly (readonly [RateLimitRule, string])[],
    ): Promise<number[]> {
      const keys = checks.map(([r, s]) => keyFor(r, s));
      const [row] = await hitAndCheckStatement.execute({
        key: keyFor(rule, subject),
        windowSeconds: rule.windowSeconds,
        checkKeys: keys,
      });
      if (row!.count > rule.limit) throw over(row!.resetAt);
      return checks.map(([r], i) => {
        const live = row!.checked.find((c) => c.key === keys[i]);
        if (live && live.count >= r.limit) throw over(new Date(live.resetMs));
        return live?.count ?? 0;
      });
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
      if (row && row.count >= rule.limit) throw over(row.resetAt);
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
