import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_JWT_SECRET, loadConfig } from './config.ts';

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

  it('accepts a complete production environment', () => {
    const config = loadConfig(productionEnv);
    expect(config.production).toBe(true);
    expect(config.minConfirmations).toBe(12);
    expect(config.chain).toEqual({ rpcUrl: 'https://rpc.example.com', chainId: 1 });
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

  it('names a malformed variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ COMPANY_WALLET: '0x123' })).toThrow(/COMPANY_WALLET/);
  });
});
