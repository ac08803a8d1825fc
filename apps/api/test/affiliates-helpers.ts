import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { tokensFor } from '@tmc/shared';
import type { Config } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import {
  affiliateEarnings,
  banks,
  payoutDestinations,
  purchases,
  users,
} from '../src/db/schema/index.ts';
import { createAccessTokens } from '../src/lib/auth.ts';
import { createSecondFactor } from '../src/modules/auth/second-factor.ts';
import { freshEmail, freshIp, mailbox, type Mailbox } from './auth-helpers.ts';
import { STAFF_TOTP_SECRET } from './staff-helpers.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { buildTestApp } from './test-app.ts';

/**
 * People and purchases written straight to the database, with real access tokens: the ledger
 * and console tests need many of them, and sign-up itself is tested elsewhere.
 */
export interface Person {
  id: string;
  email: string;
  name: string;
  token: string;
  affiliateCode: string | null;
}

export interface PersonOptions {
  name?: string;
  email?: string;
  role?: 'user' | 'admin';
  affiliate?: boolean;
  influencer?: boolean;
  referredBy?: Person;
  walletAddress?: string | null;
  /** Affiliates: where commissions go. Default: a bank account in AUD; null: none given (held). */
  payoutDestination?: 'bank' | null;
  signupIpHash?: string | null;
  /** Staff only: a login opened with the authenticator (default) or without it. */
  secondFactor?: boolean;
}

let codeCounter = 0;
const nextAffiliateCode = () =>
  `T${String((codeCounter += 1)).padStart(3, '0')}${randomUUID().slice(0, 4).toUpperCase()}`;

export function people(db: Db, config: Config) {
  const tokens = createAccessTokens(config);
  const secondFactor = createSecondFactor({ db, config });
  return async function person(opts: PersonOptions = {}): Promise<Person> {
    const affiliate = opts.affiliate ?? opts.influencer ?? false;
    const [row] = await db
      .insert(users)
      .values({
        name: opts.name ?? 'Test Person',
        email: opts.email ?? freshEmail(opts.role === 'admin' ? 'staff' : 'person'),
        passwordHash: 'not-a-real-hash',
        emailVerifiedAt: new Date(),
        role: opts.role ?? 'user',
        isAffiliated: affiliate,
        affiliateCode: affiliate ? nextAffiliateCode() : null,
        isInfluencer: opts.influencer ?? false,
        referredBy: opts.referredBy?.id ?? null,
        walletAddress: opts.walletAddress ?? null,
        signupIpHash: opts.signupIpHash === undefined ? randomUUID() : opts.signupIpHash,
      })
      .returning();
    const user = row!;
    // A destination given weeks ago: past the hold a changed destination waits in a batch.
    if (affiliate && opts.payoutDestination !== null) {
      const given = new Date(Date.now() - 30 * 86_400_000);
      await db.insert(payoutDestinations).values({
        userId: user.id,
        kind: 'bank',
        accountName: user.name,
        bsb: '062-000',
        accountNumber: '12345678',
        createdAt: given,
        updatedAt: given,
      });
    }
    // Staff have an authenticator (STAFF_TOTP_SECRET) and a session opened with it, as after a staff login.
    const staff = user.role === 'admin';
    if (staff) await secondFactor.ensureSecret(db, user.id, STAFF_TOTP_SECRET);
    const { token } = tokens.sign({
      id: user.id,
      role: user.role,
      sessionVersion: user.sessionVersion,
      secondFactor: staff && opts.secondFactor !== false,
    });
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      token,
      affiliateCode: user.affiliateCode,
    };
  };
}

/** A Pending bank request of `aud` with its receipt, as POST /v1/purchase/add stores it. */
export async function insertBankPurchase(
  db: Db,
  buyer: Person,
  aud: string,
  extra: Partial<typeof purchases.$inferInsert> = {},
) {
  const [bank] = await db.select({ id: banks.id }).from(banks).limit(1);
  const [row] = await db
    .insert(purchases)
    .values({
      userId: buyer.id,
      paymentMode: 0,
      bankId: bank?.id ?? null,
      reference: `TMC-${randomUUID().slice(0, 6).toUpperCase()}`,
      investmentAmount: aud,
      tokenAmount: tokensFor(aud, '0.02'),
      tokenPriceAud: '0.02',
      userAmount: aud,
      userCurrency: 'AUD',
      rate: '1',
      receiptKey: `receipts/${randomUUID()}`,
      receiptType: 'image',
      receiptAt: new Date(),
      ...extra,
    })
    .returning();
  return row!;
}

/** Moves a purchase's earnings back in time (past the hold period, before a payout cut-off). */
export async function ageEarnings(db: Db, purchaseId: string, days: number) {
  await db
    .update(affiliateEarnings)
    .set({ createdAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(affiliateEarnings.purchaseId, purchaseId));
}

export const earningsOf = (db: Db, purchaseId: string) =>
  db
    .select()
    .from(affiliateEarnings)
    .where(eq(affiliateEarnings.purchaseId, purchaseId))
    .orderBy(affiliateEarnings.tier, affiliateEarnings.kind);

/** JSON calls with any method, as a signed-in browser makes them. */
export function as(app: FastifyInstance, who?: { token: string }) {
  const call = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      remoteAddress: freshIp(),
      headers: who ? { authorization: `Bearer ${who.token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown = {}) => call('POST', url, payload),
    put: (url: string, payload: unknown = {}) => call('PUT', url, payload),
    patch: (url: string, payload: unknown = {}) => call('PATCH', url, payload),
    delete: (url: string) => call('DELETE', url),
  };
}

/** Staff decision on a request, e.g. accept (1) or revert (4). */
export const decide = (
  app: FastifyInstance,
  admin: Person,
  purchaseId: string,
  status: number,
  remark?: string,
) =>
  as(app, admin).post(`/v1/admin/purchases/${purchaseId}/status`, {
    status,
    ...(remark ? { remark } : {}),
  });

/**
 * The real app with mail going to an SMTP sink, and one admin (`admin` adds to their details):
 * started in beforeAll and closed in afterAll. Call it at the top level of the test file; the
 * getters answer once the set-up has run.
 */
export function useAffiliatesApp(opts: { admin?: PersonOptions } = {}) {
  let built: Awaited<ReturnType<typeof buildTestApp>> | undefined;
  let sink: SmtpSink | undefined;
  let box: Mailbox | undefined;
  let makePerson: ReturnType<typeof people> | undefined;
  let admin: Person | undefined;

  beforeAll(async () => {
    sink = await startSmtpSink();
    built = await buildTestApp({ env: { SMTP_URL: sink.url } });
    box = mailbox(sink);
    makePerson = people(built.db, built.config);
    admin = await makePerson({ role: 'admin', ...opts.admin });
  });
  afterAll(async () => {
    await built?.app.close();
    await sink?.stop();
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error(
        'The affiliates test app is not running: call useAffiliatesApp() at the top level',
      );
    return value;
  };
  return {
    app: () => ready(built).app,
    db: () => ready(built).db,
    config: () => ready(built).config,
    box: () => ready(box),
    admin: () => ready(admin),
    person: (personOpts?: PersonOptions) => ready(makePerson)(personOpts),
  };
}
