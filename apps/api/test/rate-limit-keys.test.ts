import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { authLimits } from '../src/modules/auth/auth.service.ts';
import { rateLimitSubject } from '../src/lib/rate-limit.ts';
import { buildTestApp } from './test-app.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const failures = authLimits.loginFailuresPerIp.limit;
let attempt = 0;

/** A failed login (a new e-mail each time, so only the per-IP budget counts). */
const failLogin = (remoteAddress: string, forwardedFor?: string) =>
  app!.inject({
    method: 'POST',
    url: '/v1/auth/login',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: `nobody-${(attempt += 1)}@example.com`, password: 'wrong-password' },
  });

describe('rate limits behind one trusted proxy', () => {
  it('key on the address the proxy saw: extra X-Forwarded-For entries from the client change nothing', async () => {
    ({ app } = await buildTestApp({ env: { TRUST_PROXY: '1' } }));
    const proxy = '10.0.0.2';
    for (let i = 0; i < failures; i += 1)
      expect((await failLogin(proxy, `198.51.100.${i}, 203.0.113.7`)).statusCode).toBe(400);
    const spoofed = await failLogin(proxy, '192.0.2.99, 203.0.113.7');
    expect(spoofed.statusCode).toBe(429);
    expect(spoofed.json()).toMatchObject({ code: 429, data: null });
    // Another client behind the same proxy has its own budget.
    expect((await failLogin(proxy, '203.0.113.8')).statusCode).toBe(400);
  });

  it('without TRUST_PROXY the forwarded address is ignored', async () => {
    ({ app } = await buildTestApp());
    for (let i = 0; i < failures; i += 1)
      expect((await failLogin('10.0.0.3', `203.0.113.${i}`)).statusCode).toBe(400);
    expect((await failLogin('10.0.0.3', '203.0.113.200')).statusCode).toBe(429);
  });
});

describe('IPv6 clients', () => {
  it('share one budget per /64; the next /64 has its own', async () => {
    ({ app } = await buildTestApp());
    for (let i = 0; i < failures; i += 1)
      expect(
        (await failLogin(i % 2 ? '2001:db8:5:6::1' : '2001:db8:5:6:ffff:1:2:3')).statusCode,
      ).toBe(400);
    expect((await failLogin('2001:db8:5:6:abcd::42')).statusCode).toBe(429);
    expect((await failLogin('2001:db8:5:7::1')).statusCode).toBe(400);
  });

  it.each([
    ['2001:db8:5:6::1', '2001:db8:5:6::/64'],
    ['2001:DB8:0005:0006:ffff:1:2:3', '2001:db8:5:6::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['1:2:3::1.2.3.4', '1:2:3:0::/64'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['192.0.2.1', '192.0.2.1'],
    ['someone@example.com', 'someone@example.com'],
  ])('%s is limited as %s', (subject, key) => {
    expect(rateLimitSubject(subject)).toBe(key);
  });
});
