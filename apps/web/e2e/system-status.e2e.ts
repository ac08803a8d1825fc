import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { stopChild } from '../../api/test/child-process.ts';
import { startRpcProxy } from '../../api/test/rpc-proxy.ts';
import { freePort, freshDatabase } from '../../api/test/throwaway-postgres.ts';
import { launchBrowser, scriptErrors, seriousAxeViolations, type Browser } from './browser.ts';
import { logInAsStaff, STAFF } from './staff.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The suite's site runs its own dev chain, which a test cannot take away; so this file starts a
 * second copy of the site (its own database on the suite's PostgreSQL) whose CHAIN_RPC_URL goes
 * through a proxy to that chain, and cuts the proxy.
 */
describe('System page', () => {
  let browser: Browser;
  let site: ChildProcess | undefined;
  let output = '';
  let siteUrl = '';
  let dataDir = '';
  let proxy: ReturnType<typeof startRpcProxy>;
  const dbName = 'tmc_e2e_system';

  beforeAll(async () => {
    const chain = JSON.parse(
      fs.readFileSync(path.join(inject('dataDir'), 'dev-chain.json'), 'utf8'),
    ) as { rpcUrl: string; chainId: number; companyWallet: string; usdcAddress: string };
    proxy = startRpcProxy(chain.rpcUrl);
    const proxyPort = await freePort();
    await new Promise<void>((r) => proxy.server.listen(proxyPort, '127.0.0.1', r));

    const databaseUrl = await freshDatabase(inject('databaseUrl'), dbName);

    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-e2e-system-'));
    const port = await freePort();
    siteUrl = `http://127.0.0.1:${port}`;
    site = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
      cwd: path.join(root, 'apps/api'),
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        PUBLIC_URL: siteUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        CHAIN_RPC_URL: `http://127.0.0.1:${proxyPort}`,
        CHAIN_ID: String(chain.chainId),
        COMPANY_WALLET: chain.companyWallet,
        USDC_ADDRESS: chain.usdcAddress,
        PAYMENT_WATCHER_INTERVAL_SECONDS: '1',
        ADMIN_EMAIL: STAFF.email,
        ADMIN_PASSWORD: STAFF.password,
        ADMIN_TOTP_SECRET: STAFF.totpSecret,
        APP_VERSION: 'e2e-1.2.3',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    site.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    site.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (site.exitCode !== null) throw new Error(`The second site exited:\n${output}`);
      if (
        await fetch(`${siteUrl}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`The second site did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await stopChild(site);
    await new Promise((r) => proxy?.server.close(r));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows each part, turns red when the chain RPC is cut, and the dashboard says so', async () => {
    const context = await browser.newContext({
      baseURL: siteUrl,
      viewport: { width: 360, height: 800 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    const part = (id: string) => page.locator(`[data-part="system-${id}"]`);
    const level = (id: string) => part(id).locator('[data-level]');

    await logInAsStaff(page);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'System', exact: true }).click();
    await expect.poll(() => page.url()).toContain('/admin/system');
    await page.getByRole('heading', { name: 'System', level: 1 }).waitFor();
    // The watcher's first good poll comes within a second or two.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return level('watcher').textContent();
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe('OK');
    expect(await level('chain').textContent()).toBe('OK');
    expect(await part('chain').textContent()).toContain('Reachableyes');
    expect(await level('mail').textContent()).toBe('OK');
    expect(await part('database').textContent()).toContain('Listener tmc_sessionsup');
    expect(await page.getByRole('status').filter({ hasText: 'version' }).textContent()).toContain(
      'e2e-1.2.3',
    );
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    proxy.mode = 'cut';
    // The page reads the status again by itself every 15 s; Refresh asks at once (after the
    // server's 3 s reuse of its last head read).
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return level('chain').textContent();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe('Red');
    expect(await part('chain').textContent()).toContain('Reachableno');
    expect(await page.getByRole('status').filter({ hasText: 'version' }).textContent()).toContain(
      'Red',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    const banner = page.getByRole('alert');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Needs attention: chain RPC');
    await banner.getByRole('link', { name: 'Open the System page' }).click();
    await expect.poll(() => page.url()).toContain('/admin/system');
    expect(scriptErrors(errors)).toEqual([]);
    await context.close();
  }, 90_000);
});
