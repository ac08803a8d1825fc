import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './test-app.ts';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

describe('GET /metrics access', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.app.close());

  const scrape = (token: string, remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress,
    });

  it('answers 429 to an address after 10 refused tokens in 15 minutes, right token or not', async () => {
    for (let i = 0; i < 10; i++)
      expect((await scrape(`wrong-${i}`, '198.51.100.7')).statusCode).toBe(401);
    expect((await scrape('wrong-11', '198.51.100.7')).statusCode).toBe(429);
    expect((await scrape(TOKEN, '198.51.100.7')).statusCode).toBe(429);
    const other = await scrape(TOKEN, '198.51.100.8');
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('# HELP');
  });

  // 600 full scrapes one after another: on a busy machine that takes longer than a test's 30 s.
  it(
    'lets a scraper ask 600 times in 15 minutes, then answers 429',
    { timeout: 120_000 },
    async () => {
      for (let i = 0; i < 600; i++)
        expect((await scrape(TOKEN, '198.51.100.20')).statusCode).toBe(200);
      expect((await scrape(TOKEN, '198.51.100.20')).statusCode).toBe(429);
    },
  );
});
