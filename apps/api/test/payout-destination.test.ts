import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, payoutDestinationMessages as says } from '@tmc/shared';
import { auditLog, payoutDestinations, users } from '../src/db/schema/index.ts';
import { api, verifiedUser } from './auth-helpers.ts';
import { useAffiliatesApp } from './affiliates-helpers.ts';

const { app, db, box } = useAffiliatesApp();
const URL = '/v1/affiliate/payout-destination';

async function affiliate() {
  const b = await verifiedUser(app(), box());
  await db().update(users).set({ isAffiliated: true }).where(eq(users.id, b.user._id));
  return b;
}

const bank = {
  kind: 'bank',
  accountName: 'Ada Lovelace',
  bsb: '062 000',
  accountNumber: '12345678',
};

describe('an affiliate payout destination', () => {
  it('is none at first, then a bank account in AUD confirmed by the password, then a wallet', async () => {
    const a = await affiliate();
    const client = api(app());
    const first = await client.get(URL, { token: a.access });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ destination: null });

    const saved = await client.post(URL, { ...bank, password: a.password }, { token: a.access });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: says.saved,
      data: {
        destination: {
          kind: 'bank',
          currency: 'AUD',
          accountName: 'Ada Lovelace',
          bsb: '062-000',
          accountNumber: '12345678',
        },
      },
    });

    const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const changed = await client.post(
      URL,
      { kind: 'wallet', walletAddress: wallet.toLowerCase(), password: a.password },
      { token: a.access },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await client.get(URL, { token: a.access })).json().data.destination).toEqual({
      kind: 'wallet',
      walletAddress: wallet,
      updatedAt: expect.any(String),
    });
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, a.user._id));
    const sets = audits.filter((r) => r.action === 'payout-destination.set');
    expect(sets).toHaveLength(2);
    // The audit log never keeps a whole account number.
    expect(JSON.stringify(sets)).not.toContain('12345678');

    // Each change is e-mailed to the account's address: what it was, what it is, what to do.
    const firstMail = await box().next(a.email, /payout destination was changed/);
    expect(firstMail.text).toContain(
      'Now: AUD bank account Ada Lovelace, BSB 062-000, account number ending 678',
    );
    expect(firstMail.text).toContain('Before: no payout destination.');
    expect(firstMail.text).toContain('If that was not you, reset your password right away');
    expect(firstMail.text).not.toContain('12345678');
    const secondMail = await box().next(a.email, /payout destination was changed/);
    expect(secondMail.text).toContain(`Now: wallet ${wallet}`);
    expect(secondMail.text).toContain(
      'Before: AUD bank account Ada Lovelace, BSB 062-000, account number ending 678',
    );
    expect(secondMail.text).toContain('commissions wait 3 days');
    expect(secondMail.text).toContain('If that was not you, reset your password right away');
  });

  it('refuses a wrong password, bad details and non-affiliates, changing nothing', async () => {
    const a = await affiliate();
    const client = api(app());
    const wrong = await client.post(URL, { ...bank, password: 'not-it' }, { token: a.access });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(says.wrongPassword);
    for (const [body, message] of [
      [{ ...bank, bsb: '12', password: a.password }, says.bsb],
      [{ ...bank, accountNumber: '12ab', password: a.password }, says.accountNumber],
      [{ ...bank, accountName: ' ', password: a.password }, says.accountName],
      [{ kind: 'wallet', walletAddress: '0x12', password: a.password }, messages.walletFormat],
      [{ ...bank }, says.password],
      [{ kind: 'paypal', password: a.password }, says.kind],
    ] as const) {
      const res = await client.post(URL, body, { token: a.access });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      await db().select().from(payoutDestinations).where(eq(payoutDestinations.userId, a.user._id)),
    ).toEqual([]);
    expect(
      (await box().unread(a.email)).filter((m) => /payout destination/.test(m.subject)),
    ).toEqual([]);

    const buyer = await verifiedUser(app(), box());
    const res = await client.post(
      URL,
      { ...bank, password: buyer.password },
      { token: buyer.access },
    );
    expect(res.statusCode).toBe(403);
    expect((await client.get(URL)).statusCode).toBe(401);
  });
});
