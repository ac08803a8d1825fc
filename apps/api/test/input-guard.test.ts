import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { textGuardMessage } from '../src/lib/text-guard.ts';
import { freshEmail, freshIp, PASSWORD } from './auth-helpers.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  ({ app, db } = await buildTestApp());
});
afterAll(() => app.close());

const userCount = async () => (await db.select({ n: count() }).from(users))[0]!.n;

/** Sends the JSON text as it is, so escapes like \u0000 and \ud800 reach the server's parser. */
const postJson = (url: string, json: string) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/json' },
    payload: json,
  });

const refusal = (field: string) => ({
  code: 400,
  message: textGuardMessage,
  data: null,
  errors: { [field]: textGuardMessage },
});

describe('NUL characters and lone surrogates', () => {
  it('refuses a NUL in the referral code of a sign-up with 400 naming the field, and creates nobody', async () => {
    const before = await userCount();
    const res = await postJson(
      '/v1/auth/signup',
      JSON.stringify({
        email: freshEmail(),
        name: 'Ann',
        password: PASSWORD,
        referralCode: 'a\u0000b',
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(refusal('referralCode'));
    expect(await userCount()).toBe(before);
  });

  it('refuses a lone surrogate anywhere in the body, with the path to it', async () => {
    const cases: [string, string][] = [
      ['{"email":"a@b.co","name":"\\ud800"}', 'name'],
      ['{"email":"a@b.co","name":"x\\udc00y"}', 'name'],
      ['{"a":{"b":["ok","\\udbff"]}}', 'a.b.1'],
      ['{"deep":[[{"k":"\\u0000"}]]}', 'deep.0.0.k'],
      ['"\\u0000"', 'body'],
    ];
    for (const [json, field] of cases) {
      const res = await postJson('/v1/auth/signup', json);
      expect(res.statusCode, json).toBe(400);
      expect(res.json(), json).toEqual(refusal(field));
    }
  });

  it('refuses such keys too, naming them with the bad character replaced', async () => {
    const res = await postJson('/v1/auth/login', '{"e\\u0000mail":"a@b.co","password":"x"}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('e\ufffdmail'));
    const nested = await postJson('/v1/auth/login', '{"x":{"\\udc00":1}}');
    expect(nested.json()).toEqual(refusal('x.\ufffd'));
  });

  it('refuses them in query strings and path parameters', async () => {
    const query = await app.inject({ method: 'GET', url: '/v1/presale/config?q=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual(refusal('q'));
    const param = await app.inject({ method: 'GET', url: '/v1/bank/getBankDetailsByCurrency/%00' });
    expect(param.statusCode).toBe(400);
    expect(param.json()).toEqual(refusal('currency'));
  });

  it('finds one deep inside a body nested thousands of levels', async () => {
    const depth = 10_000;
    const res = await postJson(
      '/v1/auth/login',
      `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, message: textGuardMessage, data: null });
  });

  it('takes whole surrogate pairs (emoji) as they are', async () => {
    const email = freshEmail();
    const res = await postJson(
      '/v1/auth/signup',
      JSON.stringify({ email, name: 'Ann \ud83d\ude00', password: PASSWORD }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ code: 201, data: { email } });
  });
});
