import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_JWT_SECRET, loadConfig, startWarnings } from './config.ts';

const productionEnv = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-that-is-long-enough-123',
  SMTP_URL: 'smtp://user:pass@mail.example.com:587',
  CHAIN_RPC_URL: 'https://rpc.example.com',
  CHAIN_ID: '1',
  COMPANY_WALLET: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  USDC_ADDRESS: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
};

describe('loadConfig', () => {
  it('runs on embedded defaults outside production', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.chain).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
    expect(config.minConfirmations).toBe(1);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads the payment watcher interval in seconds: 15 by default, 0 turns it off', () => {
    expect(loadConfig({}).paymentWatcherIntervalMs).toBe(15_000);
    expect(loadConfig({ PAYMENT_WATCHER_INTERVAL_SECONDS: '0' }).paymentWatcherIntervalMs).toBe(0);
    expect(loadConfig({ PAYMENT_WATCHER_INTERVAL_SECONDS: '2.5' }).paymentWatcherIntervalMs).toBe(
      2500,
    );
    expect(() => loadConfig({ PAYMENT_WATCHER_INTERVAL_SECONDS: 'often' })).toThrow(
      /PAYMENT_WATCHER_INTERVAL_SECONDS/,
    );
  });

  it('reads EXPLORER_URL and CHAIN_PUBLIC_RPC_URL as http(s) URLs, unset by default', () => {
    expect(loadConfig({}).explorerUrl).toBeUndefined();
    expect(loadConfig({ EXPLORER_URL: '' }).explorerUrl).toBeUndefined();
    expect(loadConfig({ EXPLORER_URL: 'https://etherscan.io/' }).explorerUrl).toBe(
      'https://etherscan.io',
    );
    expect(loadConfig({ CHAIN_PUBLIC_RPC_URL: 'https://rpc.example.org' }).chainPublicRpcUrl).toBe(
      'https://rpc.example.org',
    );
    for (const bad of ['etherscan.io', 'javascript:alert(1)', 'ftp://example.org'])
      expect(() => loadConfig({ EXPLORER_URL: bad }), bad).toThrow(/EXPLORER_URL/);
    expect(() => loadConfig({ CHAIN_PUBLIC_RPC_URL: 'nope' })).toThrow(/CHAIN_PUBLIC_RPC_URL/);
  });

  it('reads WEB_CONCURRENCY: 1 by default, a count, or auto (one per core); more than 1 needs DATABASE_URL', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    const pg = { DATABASE_URL: 'postgres://u:p@db.example.com/tmc' };
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: ' 2 ' }).webConcurrency).toBe(2);
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: '' }).webConcurrency).toBe(1);
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(
      os.availableParallelism(),
    );
    for (const bad of ['0', '-1', '1.5', 'many', '65'])
      expect(() => loadConfig({ ...pg, WEB_CONCURRENCY: bad }), bad).toThrow(
        /WEB_CONCURRENCY: must be a whole number from 1 to 64, or auto/,
      );
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY above 1 needs DATABASE_URL/,
    );
  });

  it('sizes the database pool per worker: 10 by default', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('accepts a complete production environment', () => {
    const config = loadConfig(productionEnv);
    expect(config.production).toBe(true);
    expect(config.minConfirmations).toBe(12);
    expect(config.chain).toEqual({ rpcUrl: 'https://rpc.example.com', chainId: 1 });
  });

  it('reads an existing token delivery deployment: all three variables or none', () => {
    expect(loadConfig(productionEnv).delivery).toBeUndefined();
    const delivery = {
      TMC_TOKEN_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      DISTRIBUTOR_ADDRESS: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
      DISTRIBUTOR_START_BLOCK: '19000000',
    };
    expect(loadConfig({ ...productionEnv, ...delivery }).delivery).toEqual({
      tokenAddress: delivery.TMC_TOKEN_ADDRESS,
      distributorAddress: delivery.DISTRIBUTOR_ADDRESS,
      startBlock: 19_000_000n,
    });
    for (const missing of Object.keys(delivery)) {
      const env: Record<string, string> = { ...productionEnv, ...delivery };
      delete env[missing];
      expect(() => loadConfig(env)).toThrow(
        'TMC_TOKEN_ADDRESS, DISTRIBUTOR_ADDRESS and DISTRIBUTOR_START_BLOCK must be set together',
      );
    }
    expect(() => loadConfig({ ...delivery, DISTRIBUTOR_ADDRESS: '0x12' })).toThrow(
      'DISTRIBUTOR_ADDRESS: must be 0x followed by 40 hex characters',
    );
    expect(() => loadConfig({ ...delivery, DISTRIBUTOR_START_BLOCK: '-1' })).toThrow(ConfigError);
  });

  it('holds payments to 12 confirmations at least in production and on any real chain', () => {
    const realChain = {
      CHAIN_RPC_URL: 'https://rpc.sepolia.example.com',
      CHAIN_ID: '11155111',
      COMPANY_WALLET: productionEnv.COMPANY_WALLET,
      USDC_ADDRESS: productionEnv.USDC_ADDRESS,
    };
    expect(loadConfig(productionEnv)).toMatchObject({ minConfirmationsFloor: 12 });
    expect(loadConfig(realChain)).toMatchObject({
      minConfirmations: 12,
      minConfirmationsFloor: 12,
    });
    expect(loadConfig({ ...realChain, MIN_CONFIRMATIONS: '20' })).toMatchObject({
      minConfirmations: 20,
      minConfirmationsFromEnv: true,
    });
    // A local dev node (its chain id) is not a real chain.
    expect(loadConfig({ ...realChain, CHAIN_ID: '31337' })).toMatchObject({
      minConfirmations: 1,
      minConfirmationsFloor: 1,
    });
    const refusal =
      'MIN_CONFIRMATIONS must be at least 12 in production or on a real chain (CHAIN_RPC_URL)';
    expect(() => loadConfig({ ...productionEnv, MIN_CONFIRMATIONS: '1' })).toThrow(refusal);
    expect(() => loadConfig({ ...realChain, MIN_CONFIRMATIONS: '11' })).toThrow(refusal);
    expect(loadConfig({ MIN_CONFIRMATIONS: '1' }).minConfirmations).toBe(1);
  });

  it.each([
    ['JWT_SECRET', { JWT_SECRET: undefined }],
    ['JWT_SECRET', { JWT_SECRET: DEV_JWT_SECRET }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['SMTP_URL', { SMTP_URL: undefined }],
    ['CHAIN_RPC_URL', { CHAIN_RPC_URL: undefined }],
    ['CHAIN_ID', { CHAIN_ID: '31337' }],
  ])('refuses production without a proper %s and names it', (variable, change) => {
    const env = { ...productionEnv, ...change };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(variable));
  });

  it('refuses a METRICS_TOKEN shorter than 32 characters in production, and says so', () => {
    const short = 'x'.repeat(31);
    expect(() => loadConfig({ ...productionEnv, METRICS_TOKEN: short })).toThrow(
      'METRICS_TOKEN must be at least 32 characters long in production',
    );
    expect(loadConfig({ ...productionEnv, METRICS_TOKEN: 'x'.repeat(32) }).metricsToken).toBe(
      'x'.repeat(32),
    );
    expect(loadConfig({ METRICS_TOKEN: short }).metricsToken).toBe(short);
  });

  it('warns at a production start without TRUST_PROXY, and not once it is set (even to 0)', () => {
    expect(startWarnings(loadConfig(productionEnv), productionEnv)).toEqual([
      expect.stringContaining('TRUST_PROXY is not set'),
    ]);
    const withProxy = { ...productionEnv, TRUST_PROXY: '0' };
    expect(startWarnings(loadConfig(withProxy), withProxy)).toEqual([]);
    expect(startWarnings(loadConfig({}), {})).toEqual([]);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 2001:db8::/32,loopback', ['10.0.0.0/8', '2001:db8::/32', 'loopback']],
  ])('TRUST_PROXY=%s trusts %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(
      expected,
    );
  });

  it('refuses TRUST_PROXY=true, which would trust any forwarded address, and says what to set', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      "TRUST_PROXY: true would trust any client's X-Forwarded-For: give the number of proxies in front of the API (e.g. 1) or their addresses",
    );
  });

  it.each(['yes', '10.0.0.0/33', '10.0.0.1, proxy.example.com', '1.5', '10.0.0.1/8/1'])(
    'refuses TRUST_PROXY=%s',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        'TRUST_PROXY: must be a number of proxy hops or a comma-separated list of proxy addresses or CIDRs',
      );
    },
  );

  it('names a malformed variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ COMPANY_WALLET: '0x123' })).toThrow(/COMPANY_WALLET/);
    expect(() => loadConfig({ ADMIN_TOTP_SECRET: 'not base32 at all!' })).toThrow(
      /ADMIN_TOTP_SECRET/,
    );
  });

  it('hands the bootstrap admin its authenticator secret', () => {
    const config = loadConfig({
      ADMIN_EMAIL: 'staff@example.com',
      ADMIN_PASSWORD: 'staff password',
      ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXP',
    });
    expect(config.admin).toEqual({
      email: 'staff@example.com',
      password: 'staff password',
      totpSecret: 'JBSWY3DPEHPK3PXP',
      resetPassword: false,
    });
  });

  it('re-applies ADMIN_PASSWORD to an existing admin only with ADMIN_PASSWORD_RESET', () => {
    const base = { ADMIN_EMAIL: 'staff@example.com', ADMIN_PASSWORD: 'staff password' };
    expect(loadConfig({ ...base, ADMIN_PASSWORD_RESET: 'true' }).admin?.resetPassword).toBe(true);
    expect(loadConfig({ ...base, ADMIN_PASSWORD_RESET: 'no' }).admin?.resetPassword).toBe(false);
  });
});
