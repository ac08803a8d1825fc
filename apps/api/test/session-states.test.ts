import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import {
  createSessionStates,
  forgetSessionState,
  type SessionState,
} from '../src/lib/session-states.ts';
import { people, type Person } from './affiliates-helpers.ts';
import { buildTestApp } from './test-app.ts';

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('the session state cache itself', () => {
  const USER: SessionState = { role: 'user', sessionVersion: 0 };

  function counted(state: SessionState = USER) {
    const loads: string[] = [];
    let current = state;
    const states = createSessionStates(async (id) => {
      loads.push(id);
      return current;
    });
    return {
      states,
      loads,
      set: (next: SessionState) => (current = next),
    };
  }

  it('keeps nothing until the listener is up, and nothing again once it is down', async () => {
    const { states, loads } = counted();
    await states.get('a', 0);
    await states.get('a', 0);
    expect(loads).toHaveLength(2);
    states.listening();
    await states.get('a', 0);
    await states.get('a', 0);
    expect(loads).toHaveLength(3);
    states.deaf();
    await states.get('a', 0);
    expect(loads).toHaveLength(4);
    expect(states.size).toBe(0);
    states.close();
  });

  it('drops an account when its change is heard, and every account for an empty name', async () => {
    const { states, loads, set } = counted();
    states.listening();
    await states.get('a', 0);
    await states.get('b', 0);
    set({ role: 'admin', sessionVersion: 1 });
    states.changed('a');
    expect(await states.get('a', 0)).toEqual({ role: 'admin', sessionVersion: 1 });
    expect(await states.get('b', 0)).toEqual(USER);
    expect(loads).toEqual(['a', 'b', 'a']);
    states.changed('');
    await states.get('b', 0);
    expect(loads).toEqual(['a', 'b', 'a', 'b']);
    states.close();
  });

  it('keeps no read that a change overtook', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let loads = 0;
    const states = createSessionStates(async () => {
      loads += 1;
      await gate;
      return USER;
    });
    states.listening();
    const early = states.get('a', 0);
    states.changed('a');
    release();
    await early;
    await states.get('a', 0);
    expect(loads).toBe(2);
    states.close();
  });

  it('reads again for a token newer than what it keeps (a change another copy made)', async () => {
    const { states, loads, set } = counted();
    states.listening();
    await states.get('a', 0);
    set({ role: 'user', sessionVersion: 1 });
    expect(await states.get('a', 1)).toEqual({ role: 'user', sessionVersion: 1 });
    expect(await states.get('a', 0)).toEqual({ role: 'user', sessionVersion: 1 });
    expect(loads).toEqual(['a', 'a']);
    states.close();
  });

  it('forgets an account in every cache of the process when its session version is raised here', async () => {
    const one = counted();
    const two = counted();
    for (const { states } of [one, two]) {
      states.listening();
      await states.get('a', 0);
    }
    forgetSessionState('a');
    for (const { states } of [one, two]) await states.get('a', 0);
    expect([one.loads, two.loads]).toEqual([
      ['a', 'a'],
      ['a', 'a'],
    ]);
    one.states.close();
    two.states.close();
  });

  it('holds at most maxEntries accounts, dropping the oldest', async () => {
    const loads: string[] = [];
    const states = createSessionStates(
      async (id) => {
        loads.push(id);
        return USER;
      },
      { maxEntries: 2 },
    );
    states.listening();
    for (const id of ['a', 'b', 'c', 'c', 'b', 'a']) await states.get(id, 0);
    expect(states.size).toBe(2);
    expect(loads).toEqual(['a', 'b', 'c', 'a']);
    states.close();
  });
});

describe('two copies of the API on one PostgreSQL: ending a session reaches both', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let db: Db;
  let staff: Person;
  let person: ReturnType<typeof people>;

  beforeAll(async () => {
    const one = await buildTestApp({ postgres: true });
    ({ app: first, db } = one);
    second = (await buildTestApp({ postgres: true })).app;
    person = people(one.db, one.config);
    staff = await person({ role: 'admin' });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('a role change through one copy refuses the old token on the other, which had it in memory', async () => {
    const user = await person();
    expect((await me(second, user.token)).statusCode).toBe(200);
    const promoted = await first.inject({
      method: 'PATCH',
      url: `/v1/admin/users/${user.id}`,
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await me(first, user.token)).statusCode).toBe(401);
    await expect.poll(async () => (await me(second, user.token)).statusCode).toBe(401);
  });

  it('a session version raised in the database is heard by both copies', async () => {
    const user = await person();
    for (const app of [first, second]) expect((await me(app, user.token)).statusCode).toBe(200);
    await db.update(users).set({ sessionVersion: 5 }).where(eq(users.id, user.id));
    for (const app of [first, second])
      await expect.poll(async () => (await me(app, user.token)).statusCode).toBe(401);
  });
});
