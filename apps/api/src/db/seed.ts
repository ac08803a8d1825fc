import { sql } from 'drizzle-orm';
import { RATE_MAX_AGE_MINUTES } from '@tmc/shared';
import type { Config } from '../config.ts';
import type { Db } from './client.ts';
import { banks, currencyRates, settings, stages } from './schema/index.ts';

/** Units per 1 AUD: a starting table that staff (or a rate provider) keep current. */
export const SEED_RATES: Record<string, string> = {
  AUD: '1',
  USD: '0.65',
  EUR: '0.60',
  GBP: '0.51',
  NZD: '1.10',
  CAD: '0.90',
  SGD: '0.87',
  JPY: '98.5',
  INR: '55.2',
  CNY: '4.70',
  HKD: '5.07',
  CHF: '0.57',
  SEK: '6.95',
  NOK: '7.05',
  DKK: '4.48',
  ZAR: '11.9',
  KRW: '905',
  THB: '23.1',
  MYR: '2.95',
  IDR: '10450',
  PHP: '37.4',
  AED: '2.39',
  SAR: '2.44',
  BRL: '3.62',
  MXN: '12.4',
  PLN: '2.58',
  ETH: '0.0002',
  USDC: '0.65',
};

export interface ChainSettings {
  chainId: number;
  companyWallet: string;
  usdcAddress: string;
}

/**
 * First start: settings, rates and (outside production) a demo bank. Later starts change nothing,
 * except that the embedded dev chain's addresses are re-applied because that chain is new each run.
 */
export async function seedDatabase(
  db: Db,
  config: Config,
  chain: ChainSettings,
  devChain: boolean,
) {
  const p = config.presale;
  await db
    .insert(settings)
    .values({
      id: 1,
      tokenName: p.tokenName ?? 'TMC',
      tokenSymbol: p.tokenSymbol ?? 'TMC',
      tokenPriceAud: p.tokenPriceAud ?? '0.02',
      minPurchaseAud: '50',
      hardCapAud: '5000000',
      companyWallet: chain.companyWallet,
      // The classic burn address: unwanted scam tokens sent here are never moved again.
      swapWallet: p.swapWallet ?? '0x000000000000000000000000000000000000dEaD',
      usdcAddress: chain.usdcAddress,
      chainId: chain.chainId,
      minConfirmations: config.minConfirmations,
      whitePaperUrl: p.whitePaperUrl ?? '/white-paper',
      rateMaxAgeMinutes: p.rateMaxAgeMinutes ?? RATE_MAX_AGE_MINUTES.default,
    })
    .onConflictDoNothing();

  if (devChain) {
    await db
      .update(settings)
      .set({
        companyWallet: chain.companyWallet,
        usdcAddress: chain.usdcAddress,
        chainId: chain.chainId,
      })
      .where(sql`${settings.id} = 1`);
  }

  // A site that had one price before stages sells it as its first stage (idempotent).
  await ensureFirstStage(db);

  await db
    .insert(currencyRates)
    .values(Object.entries(SEED_RATES).map(([code, rate]) => ({ code, rate })))
    .onConflictDoNothing();

  if (!config.production) {
    const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(banks);
    if (n === 0) {
      await db.insert(banks).values({
        currency: 'AUD',
        bankName: 'Demo Bank of Australia (test account)',
        accountHolder: 'TMC Presale Pty Ltd',
        bic: 'DEMOAU2S',
        routingNumber: '062-000',
        accountNumber: '12345678',
      });
    }
  }
}

/**
 * Every start: the settings' confirmations are at least the chain's floor and at least
 * MIN_CONFIRMATIONS. A database first started elsewhere (say in development, with 1) thus never
 * runs a real chain on fewer; when the environment and the database disagree, the higher value
 * wins and a line says so.
 */
export async function enforceMinConfirmations(
  db: Db,
  config: Pick<Config, 'minConfirmations' | 'minConfirmationsFromEnv' | 'minConfirmationsFloor'>,
  log: (line: string) => void,
) {
  const [row] = await db
    .select({ minConfirmations: settings.minConfirmations })
    .from(settings)
    .where(sql`${settings.id} = 1`);
  if (!row) return;
  const stored = row.minConfirmations;
  const wanted = Math.max(stored, config.minConfirmations, config.minConfirmationsFloor);
  if (config.minConfirmationsFromEnv && config.minConfirmations !== stored)
    log(
      `MIN_CONFIRMATIONS is ${config.minConfirmations} but the settings say ${stored}: using ${wanted}, the higher`,
    );
  else if (wanted !== stored)
    log(
      `The settings asked for ${stored} confirmation${stored === 1 ? '' : 's'}, below this chain's floor: using ${wanted}`,
    );
  if (wanted !== stored)
    await db
      .update(settings)
      .set({ minConfirmations: wanted, updatedAt: sql`now()` })
      .where(sql`${settings.id} = 1`);
}

/**
 * A site that sold at one price before stages existed: its configured price becomes the first
 * stage, active, with what is left of the hard cap at that price as its cap. Does nothing once
 * any stage exists (every start runs it).
 */
export async function ensureFirstStage(db: Db) {
  await db.execute(sql`
    insert into ${stages} (name, price_aud, token_cap, starts_at, state)
    select 'Stage 1', s.token_price_aud,
      trunc((s.hard_cap_aud - s.raised_aud) / s.token_price_aud, 2), now(), 'active'
    from ${settings} s
    where s.id = 1 and s.token_price_aud > 0 and s.hard_cap_aud > s.raised_aud
      and (s.hard_cap_aud - s.raised_aud) / s.token_price_aud >= 0.01
      and not exists (select 1 from ${stages})
    on conflict do nothing`);
}
