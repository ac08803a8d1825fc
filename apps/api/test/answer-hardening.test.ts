import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { people, type Person } from './affiliates-helpers.ts';
import { api, verifiedUser } from './auth-helpers.ts';
import { useMailedApp, type Mailbox } from './app-helpers.ts';

let app: FastifyInstance, box: Mailbox;
let staff: Person;

useMailedApp(async (t) => {
  ({ app, box } = t);
  staff = await people(t.db, t.config)({ role: 'admin' });
});

describe('Cache-Control on answers that carry a session or its data', () => {
  it('is no-store on tokens, the account, staff answers and errors; public reads keep theirs', async () => {
    const person = await verifiedUser(app, box);
    const client = api(app);
    const answers = [
      await client.post('/v1/auth/login', { email: person.email, password: person.password }),
      await client.post('/v1/auth/refresh-tokens', { refreshToken: person.refresh }),
      await client.get('/v1/auth/me', { token: person.access }),
      await client.get('/v1/auth/totp', { token: person.access }),
      await client.get('/v1/admin/settings', { token: staff.token }),
      await client.get('/v1/auth/me'),
    ];
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
    const publicRead = await client.get('/v1/presale/config');
    expect(publicRead.headers['cache-control']).toMatch(/^public, max-age=/);
  });
});

describe('x-request-id', () => {
  const get = (id?: string) =>
    app.inject({
      method: 'GET',
      url: '/healthz',
      headers: id === undefined ? {} : { 'x-request-id': id },
    });
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it("keeps the client's id only when it is a UUID", async () => {
    const given = '3f2b8c1e-4a5d-4e6f-9a7b-1c2d3e4f5a6b';
    expect((await get(given)).headers['x-request-id']).toBe(given);
    for (const forged of ['a'.repeat(300), 'admin\nlevel=fatal', '1', '']) {
      const id = (await get(forged)).headers['x-request-id'];
      expect(id).toMatch(UUID);
      expect(id).not.toBe(forged);
    }
    expect((await get()).headers['x-request-id']).toMatch(UUID);
  });
});

describe('whitePaperUrl', () => {
  const put = (whitePaperUrl: string) =>
    app.inject({
      method: 'PUT',
      url: '/v1/admin/settings',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { whitePaperUrl },
    });

  it.each([
    '//evil.example/paper.pdf',
    '/\\evil.example',
    'http://example.com/paper.pdf',
    'javascript:alert(1)',
    'https://user:pw@example.com/x',
    'paper.pdf',
  ])('refuses %s', async (url) => {
    const res = await put(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.whitePaperUrl).toBe(
      'whitePaperUrl must be an absolute https URL or a path of this site',
    );
  });

  it.each(['https://cdn.example.com/tmc-white-paper.pdf', '/white-paper'])(
    'takes %s',
    async (url) => {
      const res = await put(url);
      expect(res.statusCode, res.body).toBe(200);
      const config = await app.inject({ method: 'GET', url: '/v1/presale/config' });
      expect(config.json().data.whitePaperUrl).toBe(url);
    },
  );
});
