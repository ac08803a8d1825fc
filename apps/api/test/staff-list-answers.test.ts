import { randomUUID } from 'node:crypto';
import { count, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../src/db/list-sizes.ts';
import { users } from '../src/db/schema/index.ts';
import { as, useAffiliatesApp } from './affiliates-helpers.ts';

/**
 * What staff see of the totals: the list envelope of API.md, exact totals for the filters the
 * counters cover, and a search past the cap answered with the cap and `totalIsEstimate: true`.
 */

const { app, db, admin } = useAffiliatesApp({ admin: { name: 'Lee Lists' } });
let staff: ReturnType<typeof as>;

beforeAll(() => {
  staff = as(app(), admin());
});

describe('staff list totals in the answers', () => {
  it('answers a broad search with the cap and says it is an estimate; a narrow one exactly', async () => {
    const tag = randomUUID().slice(0, 8);
    await db().execute(sql`
      insert into users (name, email, password_hash)
      select 'Many', 'many-' || ${tag} || '-' || i || '@example.com', 'x'
      from generate_series(1, ${COUNT_CAP + 3}) i`);

    const broad = await staff.get(`/v1/admin/users?search=many-${tag}`);
    expect(broad.statusCode, broad.body).toBe(200);
    expect(broad.json().data).toMatchObject({
      page: 1,
      limit: 10,
      totalResults: COUNT_CAP,
      totalPages: COUNT_CAP / 10,
      totalIsEstimate: true,
    });
    expect(broad.json().data.data).toHaveLength(10);

    const narrow = (await staff.get(`/v1/admin/users?search=many-${tag}-1000`)).json().data;
    // -1000 and -10000 … -10003
    expect(narrow).toMatchObject({ totalResults: 5, totalPages: 1 });
    expect(narrow).not.toHaveProperty('totalIsEstimate');

    const everyone = (await staff.get('/v1/admin/users')).json().data;
    const [inDb] = await db().select({ n: count() }).from(users);
    expect(everyone.totalResults).toBe(inDb!.n);
    expect(everyone).not.toHaveProperty('totalIsEstimate');

    const admins = (await staff.get('/v1/admin/users?role=admin')).json().data;
    const [adminsInDb] = await db()
      .select({ n: count() })
      .from(users)
      .where(eq(users.role, 'admin'));
    expect(admins.totalResults).toBe(adminsInDb!.n);
    expect(admins.data.every((u: { role: string }) => u.role === 'admin')).toBe(true);

    await db()
      .delete(users)
      .where(like(users.email, `many-${tag}-%`));
    const after = (await staff.get('/v1/admin/users')).json().data;
    expect(after.totalResults).toBe(inDb!.n - (COUNT_CAP + 3));
  });
});
