import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, purchases, transactions } from '../src/db/schema/index.ts';
import { money } from '../src/lib/money.ts';
import { as, decide, insertBankPurchase, useAffiliatesApp } from './affiliates-helpers.ts';
import { insertCryptoOrder } from './crypto-helpers.ts';
import { fetchFile, upload } from './purchases-helpers.ts';
import { TEST_CHAIN } from './test-app.ts';

const { app, db, box, admin, person } = useAffiliatesApp({ admin: { name: 'Sam Staff' } });
let staff: ReturnType<typeof as>;

const auditRows = (action: string, entityId?: string) =>
  db()
    .select()
    .from(auditLog)
    .where(
      entityId
        ? and(eq(auditLog.action, action), eq(auditLog.entityId, entityId))
        : eq(auditLog.action, action),
    );

beforeAll(() => {
  staff = as(app(), admin());
});

describe('banks', () => {
  it('adds, edits and deactivates bank accounts per currency, each change audited', async () => {
    const created = await staff.post('/v1/admin/banks', {
      currency: 'eur',
      bankName: 'Euro Meme Bank',
      accountHolder: 'TMC Presale Pty Ltd',
      BIC: 'memedeff',
      accountNumber: 'DE89370400440532013000',
    });
    expect(created.statusCode, created.body).toBe(201);
    const bank = created.json().data;
    expect(bank).toMatchObject({
      currency: 'EUR',
      BIC: 'MEMEDEFF',
      RoutingNumber: null,
      active: true,
    });
    expect((await app().inject('/v1/bank/getBankDetailsByCurrency/EUR')).json().data).toHaveLength(
      1,
    );

    const edited = await staff.patch(`/v1/admin/banks/${bank._id}`, {
      bankName: 'Euro Meme Bank AG',
      RoutingNumber: '37040044',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      bankName: 'Euro Meme Bank AG',
      RoutingNumber: '37040044',
      BIC: 'MEMEDEFF',
    });

    const removed = await staff.delete(`/v1/admin/banks/${bank._id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.active).toBe(false);
    expect((await app().inject('/v1/bank/getBankDetailsByCurrency/EUR')).statusCode).toBe(400);

    const listed = (await staff.get('/v1/admin/banks?currency=EUR')).json().data;
    expect(listed).toMatchObject({ totalResults: 1, data: [{ _id: bank._id, active: false }] });
    const ids = (list: { data: { _id: string; active: boolean }[] }) =>
      list.data.map((b) => b._id).sort();
    const everyBank = (await staff.get('/v1/admin/banks?limit=30')).json().data;
    expect(everyBank.totalResults).toBe(everyBank.data.length);
    const activeOnes = (await staff.get('/v1/admin/banks?active=true&limit=30')).json().data;
    expect(activeOnes.data.length).toBeGreaterThan(0);
    expect(ids(activeOnes)).toEqual(
      ids({ data: everyBank.data.filter((b: { active: boolean }) => b.active) }),
    );
    expect(ids(activeOnes)).not.toContain(bank._id);

    const [create] = await auditRows('bank.create', bank._id);
    expect(create).toMatchObject({ actorId: admin().id, entity: 'bank', before: null });
    expect(create!.after).toMatchObject({ bankName: 'Euro Meme Bank' });
    const [update] = await auditRows('bank.update', bank._id);
    expect(update!.before).toMatchObject({ bankName: 'Euro Meme Bank', RoutingNumber: null });
    expect(update!.after).toMatchObject({
      bankName: 'Euro Meme Bank AG',
      RoutingNumber: '37040044',
    });
    const [deactivate] = await auditRows('bank.deactivate', bank._id);
    expect(deactivate!.before).toMatchObject({ active: true });
    expect(deactivate!.after).toMatchObject({ active: false });
  });

  it('checks the input and answers 404 for an unknown account', async () => {
    const bad = await staff.post('/v1/admin/banks', {
      currency: 'AUD',
      bankName: '',
      accountHolder: 'x',
      BIC: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      bankName: 'bankName is required',
      BIC: 'BIC must be 8 or 11 letters and digits',
    });
    expect(
      (await staff.patch(`/v1/admin/banks/${randomUUID()}`, { bankName: 'x' })).statusCode,
    ).toBe(404);
    expect((await staff.patch('/v1/admin/banks/not-an-id', { bankName: 'x' })).statusCode).toBe(
      400,
    );
  });

  it('refuses an edit that names no field, and changes nothing', async () => {
    const [bank] = (await staff.get('/v1/admin/banks?limit=10')).json().data.data;
    const auditedBefore = (await auditRows('bank.update', bank._id)).length;
    for (const body of [{}, { unknown: 'x' }]) {
      const res = await staff.patch(`/v1/admin/banks/${bank._id}`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(
        'Send at least one of currency, bankName, accountHolder, BIC, RoutingNumber, accountNumber, active',
      );
    }
    expect((await staff.get('/v1/admin/banks?limit=10')).json().data.data[0]).toEqual(bank);
    expect(await auditRows('bank.update', bank._id)).toHaveLength(auditedBefore);
  });
});

describe('currency rates and settings', () => {
  it('sets rates (units per 1 AUD), keeps AUD at 1 and audits the change', async () => {
    const res = await staff.put('/v1/admin/currency-rates', { rates: { USD: '0.66', XYZ: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    const table = res.json().data.rates as { code: string; rate: string }[];
    expect(table.find((r) => r.code === 'USD')!.rate).toBe('0.66');
    expect(table.find((r) => r.code === 'XYZ')!.rate).toBe('2');
    expect((await app().inject('/v1/currency-rate/getCurrency')).json().data.rates.USD).toBe(
      '0.66',
    );

    expect((await staff.put('/v1/admin/currency-rates', { rates: { AUD: '2' } })).statusCode).toBe(
      400,
    );
    expect((await staff.put('/v1/admin/currency-rates', { rates: { USD: '-1' } })).statusCode).toBe(
      400,
    );
    expect((await staff.put('/v1/admin/currency-rates', { rates: { usd: '1' } })).statusCode).toBe(
      400,
    );
    expect((await staff.put('/v1/admin/currency-rates', { rates: {} })).statusCode).toBe(400);

    const [audit] = await auditRows('rates.update');
    expect(audit!.before).toEqual({ USD: '0.65' });
    expect(audit!.after).toEqual({ USD: '0.66', XYZ: '2' });
  });

  it('edits the presale settings the public config shows', async () => {
    const before = (await staff.get('/v1/admin/settings')).json().data;
    expect(before).toMatchObject({ holdDays: 7, minPurchaseAud: '50.00', tokenPriceAud: '0.02' });
    const res = await staff.put('/v1/admin/settings', {
      minPurchaseAud: '100',
      swapWallet: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      endsAt: '2030-01-31T12:00:00+10:00',
      minConfirmations: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      minPurchaseAud: '100.00',
      swapWallet: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      endsAt: '2030-01-31T02:00:00.000Z',
      minConfirmations: 3,
      holdDays: 7,
    });
    expect((await app().inject('/v1/presale/config')).json().data).toMatchObject({
      minPurchaseAud: '100',
      endsAt: '2030-01-31T02:00:00.000Z',
    });

    const bad = await staff.put('/v1/admin/settings', {
      minPurchaseAud: '99999999',
      holdDays: -1,
      companyWallet: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
      tokenPriceAud: '0',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'companyWallet',
      'holdDays',
      'tokenPriceAud',
    ]);
    expect(
      (await staff.put('/v1/admin/settings', { minPurchaseAud: '99999999' })).json().message,
    ).toBe('The minimum purchase cannot be above the hard cap');
    expect((await staff.put('/v1/admin/settings', { raisedAud: '1' })).statusCode).toBe(400);

    const audits = await auditRows('settings.update');
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({ minPurchaseAud: '50.00', minConfirmations: 1 });
    expect(audits[0]!.after).toMatchObject({ minPurchaseAud: '100.00', minConfirmations: 3 });
    expect(
      (
        await staff.put('/v1/admin/settings', {
          minPurchaseAud: '50',
          minConfirmations: 1,
          endsAt: null,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('users', () => {
  it('searches, shows who introduced whom, marks influencers and sets roles', async () => {
    const tag = randomUUID().slice(0, 8);
    const introducer = await person({ affiliate: true, name: `Ivy ${tag}` });
    const first = await person({ referredBy: introducer, email: `first-${tag}@example.com` });
    await person({ referredBy: introducer });

    const found = await staff.get(`/v1/admin/users?search=${tag}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data.totalResults).toBe(2);
    const ivy = found.json().data.data.find((u: { _id: string }) => u._id === introducer.id);
    expect(ivy).toMatchObject({
      isAffiliated: true,
      isInfluencer: false,
      referrals: 2,
      referredBy: null,
      role: 'user',
    });
    expect(ivy).not.toHaveProperty('passwordHash');
    const firstRow = found.json().data.data.find((u: { _id: string }) => u._id === first.id);
    expect(firstRow.referredBy).toEqual({
      _id: introducer.id,
      email: introducer.email,
      name: introducer.name,
    });

    const introduced = (await staff.get(`/v1/admin/users?referredBy=${introducer.id}`)).json().data;
    expect(introduced.totalResults).toBe(2);
    expect((await staff.get('/v1/admin/users?search=%25')).statusCode).toBe(200);

    const marked = await staff.patch(`/v1/admin/users/${introducer.id}`, { isInfluencer: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({ isInfluencer: true, referrals: 2 });
    expect(
      (await staff.get('/v1/admin/users?isInfluencer=true'))
        .json()
        .data.data.map((u: { _id: string }) => u._id),
    ).toContain(introducer.id);

    const notAffiliate = await staff.patch(`/v1/admin/users/${first.id}`, { isInfluencer: true });
    expect(notAffiliate.statusCode).toBe(400);
    expect(notAffiliate.json().message).toBe('Only an affiliate can be marked as an influencer');
    expect((await staff.patch(`/v1/admin/users/${admin().id}`, { role: 'user' })).statusCode).toBe(
      400,
    );
    expect((await staff.patch(`/v1/admin/users/${first.id}`, {})).statusCode).toBe(400);
    expect(
      (await staff.patch(`/v1/admin/users/${randomUUID()}`, { role: 'admin' })).statusCode,
    ).toBe(404);

    const [audit] = await auditRows('user.update', introducer.id);
    expect(audit).toMatchObject({
      actorId: admin().id,
      before: { isInfluencer: false, role: 'user' },
      after: { isInfluencer: true, role: 'user' },
    });
  });
});

describe('purchase review', () => {
  it('lists every request with buyer, affiliate, signed file links and fraud signals', async () => {
    const wallet = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const affiliate = await person({
      affiliate: true,
      email: 'sly.fox@gmail.com',
      walletAddress: wallet,
      signupIpHash: 'same-ip',
    });
    const sockPuppet = await person({
      referredBy: affiliate,
      email: 'slyfox+2@gmail.com',
      signupIpHash: 'same-ip',
    });
    const honest = await person({ referredBy: affiliate });
    const { key } = await upload(app());
    const flagged = await insertBankPurchase(db(), sockPuppet, '500.00', {
      wallet: wallet.toLowerCase(),
      receiptKey: key,
      receiptType: 'image',
    });
    const clean = await insertBankPurchase(db(), honest, '60.00');

    const res = await staff.get(`/v1/admin/purchases?email=${encodeURIComponent('slyfox+2')}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ totalResults: 1, page: 1, limit: 10, totalPages: 1 });
    const row = page.data[0];
    expect(row).toMatchObject({
      _id: flagged.id,
      status: 0,
      reference: flagged.reference,
      investmentAmount: '500.00',
      bank: { bankName: expect.any(String) },
      user: { _id: sockPuppet.id, email: sockPuppet.email, emailVerified: true },
      affiliate: { _id: affiliate.id, email: affiliate.email },
      introducer: null,
      transaction: null,
      reviewedBy: null,
    });
    expect(row.fraudSignals.map((s: { code: string }) => s.code)).toEqual([
      'shared-wallet',
      'same-signup-ip',
      'same-mailbox',
    ]);
    expect(row.receiptUrl).toMatch(/\?/);
    expect((await fetchFile(app(), row.receiptUrl)).statusCode).toBe(200);

    const other = (
      await staff.get(`/v1/admin/purchases?email=${encodeURIComponent(honest.email)}`)
    ).json().data.data[0];
    expect(other).toMatchObject({ _id: clean.id, fraudSignals: [] });

    const pending = (await staff.get('/v1/admin/purchases?status=0&limit=30')).json().data;
    const [pendingInDb] = await db()
      .select({ n: count() })
      .from(purchases)
      .where(eq(purchases.status, 0));
    expect(pending.totalResults).toBe(pendingInDb!.n);
    expect(pending.data).toHaveLength(pending.totalResults);
    expect(pending.data.map((p: { status: number }) => p.status)).toEqual(
      pending.data.map(() => 0),
    );
    expect(pending.data.map((p: { _id: string }) => p._id)).toEqual(
      expect.arrayContaining([flagged.id, clean.id]),
    );
    expect((await staff.get('/v1/admin/purchases?status=9')).statusCode).toBe(400);
    expect((await staff.get('/v1/admin/purchases?limit=11')).statusCode).toBe(400);
    const byAmount = (await staff.get('/v1/admin/purchases?sort[price]=-1&limit=30'))
      .json()
      .data.data.map((p: { investmentAmount: string }) => Number(p.investmentAmount));
    expect([...byAmount].sort((a, b) => b - a)).toEqual(byAmount);
  });

  it('applies the legal transitions only, e-mails the buyer each decision and shows the remark', async () => {
    const buyer = await person({ name: 'Rita Rejected' });
    const rejected = await insertBankPurchase(db(), buyer, '80.00');
    const declined = await insertBankPurchase(db(), buyer, '90.00');

    const reject = await decide(app(), admin(), rejected.id, 2, 'The receipt is unreadable');
    expect(reject.statusCode, reject.body).toBe(200);
    expect(reject.json().data).toMatchObject({
      status: 2,
      remark: 'The receipt is unreadable',
      reviewedBy: { _id: admin().id },
      reviewedAt: expect.any(String),
    });
    const mail = await box().next(buyer.email, /is Rejected/);
    expect(mail.text).toContain('The receipt is unreadable');
    expect(mail.text).toContain(rejected.reference);

    expect((await decide(app(), admin(), declined.id, 3)).statusCode).toBe(200);
    expect((await box().next(buyer.email, /is Not Accepted/)).subject).toContain(
      declined.reference,
    );

    for (const [id, status] of [
      [rejected.id, 1],
      [rejected.id, 4],
      [declined.id, 2],
    ] as const) {
      const res = await decide(app(), admin(), id, status);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/cannot be changed to/);
    }
    const pending = await insertBankPurchase(db(), buyer, '70.00');
    expect((await decide(app(), admin(), pending.id, 4)).json().message).toBe(
      'A request that is Pending cannot be changed to Reverted',
    );
    expect((await decide(app(), admin(), pending.id, 0)).statusCode).toBe(400);
    expect((await decide(app(), admin(), randomUUID(), 2)).statusCode).toBe(404);

    const mine = await as(app(), buyer).get('/v1/purchase/getmypurchase?limit=10');
    expect(mine.statusCode, mine.body).toBe(200);
    const remarks = Object.fromEntries(
      mine.json().data.data.map((p: { _id: string; remark: string | null }) => [p._id, p.remark]),
    );
    expect(remarks[rejected.id]).toBe('The receipt is unreadable');

    const audits = await auditRows('purchase.status', rejected.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: admin().id,
      before: { status: 0, remark: null },
      after: { status: 2, remark: 'The receipt is unreadable' },
    });
  });

  it('leaves crypto acceptance to the chain, and a rejected crypto order can no longer be paid', async () => {
    const buyer = await person();
    const { purchase, transaction } = await insertCryptoOrder(db(), {
      userId: buyer.id,
      coin: 'ETH',
      amount: '0.05',
      companyWallet: TEST_CHAIN.companyWallet,
    });
    const accept = await decide(app(), admin(), purchase.id, 1);
    expect(accept.statusCode).toBe(400);
    expect(accept.json().message).toMatch(/verifying its payment on the chain/);
    const reject = await decide(app(), admin(), purchase.id, 2, 'Expired');
    expect(reject.statusCode).toBe(200);
    expect(reject.json().data.transaction).toMatchObject({ _id: transaction.id, paymentStatus: 2 });
    const [row] = await db().select().from(transactions).where(eq(transactions.id, transaction.id));
    expect(row!.paymentStatus).toBe(2);
  });
});

describe('transactions, dashboard and audit log', () => {
  it('lists every transaction with its payer and request', async () => {
    const buyer = await person();
    const purchase = await insertBankPurchase(db(), buyer, '120.00');
    expect((await decide(app(), admin(), purchase.id, 1)).statusCode).toBe(200);
    const res = await staff.get(`/v1/admin/transactions?email=${encodeURIComponent(buyer.email)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ totalResults: 1 });
    expect(res.json().data.data[0]).toMatchObject({
      price: '120.00',
      currency: 'AUD',
      paymentStatus: 1,
      paymentMode: 0,
      purchaseId: purchase.id,
      reference: purchase.reference,
      user: { _id: buyer.id, email: buyer.email },
    });
    const crypto = await insertCryptoOrder(db(), {
      userId: buyer.id,
      coin: 'USDC',
      amount: '25',
      companyWallet: TEST_CHAIN.companyWallet,
    });
    const [cryptoInDb] = await db()
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.paymentMode, 1));
    const cryptoOnly = (await staff.get('/v1/admin/transactions?paymentMode=1&limit=30')).json()
      .data;
    expect(cryptoOnly.totalResults).toBe(cryptoInDb!.n);
    expect(cryptoOnly.data).toHaveLength(cryptoOnly.totalResults);
    expect(cryptoOnly.data.map((t: { paymentMode: number }) => t.paymentMode)).toEqual(
      cryptoOnly.data.map(() => 1),
    );
    expect(cryptoOnly.data.map((t: { _id: string }) => t._id)).toContain(crypto.transaction.id);
    const bankOnly = (
      await staff.get(
        `/v1/admin/transactions?paymentMode=0&email=${encodeURIComponent(buyer.email)}`,
      )
    ).json().data;
    expect(bankOnly.data.map((t: { purchaseId: string }) => t.purchaseId)).toEqual([purchase.id]);
  });

  it('sums up the presale for the dashboard', async () => {
    const dashboard = async () => {
      const res = await staff.get('/v1/admin/stats');
      expect(res.statusCode).toBe(200);
      return res.json().data as {
        raisedAud: string;
        requestsByStatus: { label: string; count: number }[];
        pendingReviews: number;
        awaitingBankPayment: number;
        users: number;
        affiliates: number;
        influencers: number;
      };
    };
    const before = await dashboard();
    expect(before).toMatchObject({
      hardCapAud: '5000000.00',
      tokenSymbol: 'TMC',
      currency: 'AUD',
      verifiedCryptoToday: 0,
    });
    expect(before.requestsByStatus.map((s) => s.label)).toEqual([
      'Pending',
      'Accepted',
      'Rejected',
      'Not Accepted',
      'Reverted',
    ]);

    // What changes next is known exactly: one buyer, two affiliates (one an influencer),
    // one accepted request of A$120.50, one pending with its receipt and one awaiting payment.
    const buyer = await person();
    const accepted = await insertBankPurchase(db(), buyer, '120.50');
    expect((await decide(app(), admin(), accepted.id, 1)).statusCode).toBe(200);
    await insertBankPurchase(db(), buyer, '75.00', {
      receiptKey: 'claimed/r.png',
      receiptType: 'image',
    });
    await insertBankPurchase(db(), buyer, '60.00', {
      receiptKey: null,
      receiptType: null,
      receiptAt: null,
    });
    const influencer = await person({ affiliate: true });
    await person({ affiliate: true });
    const marked = await staff.patch(`/v1/admin/users/${influencer.id}`, { isInfluencer: true });
    expect(marked.statusCode).toBe(200);

    const after = await dashboard();
    expect(money(after.raisedAud).minus(before.raisedAud).toFixed(2)).toBe('120.50');
    expect(
      after.requestsByStatus.map((s, i) => s.count - before.requestsByStatus[i]!.count),
    ).toEqual([2, 1, 0, 0, 0]);
    expect(after.pendingReviews - before.pendingReviews).toBe(1);
    expect(after.awaitingBankPayment - before.awaitingBankPayment).toBe(1);
    // The dashboard's count is the review queue it links to (Pending, bank, receipt in).
    const queue = await staff.get('/v1/admin/purchases?status=0&paymentMode=0&receipt=true');
    expect(queue.json().data.totalResults).toBe(after.pendingReviews);
    const awaiting = await staff.get('/v1/admin/purchases?status=0&paymentMode=0&receipt=false');
    expect(awaiting.json().data.totalResults).toBe(after.awaitingBankPayment);
    expect(after.users - before.users).toBe(3);
    expect(after.affiliates - before.affiliates).toBe(2);
    expect(after.influencers - before.influencers).toBe(1);
  });

  it('shows the audit log newest first, filtered by actor, entity and action, paginated', async () => {
    const all = await staff.get('/v1/admin/audit-log?limit=30');
    expect(all.statusCode).toBe(200);
    const entries = all.json().data.data as {
      createdAt: string;
      actor: { _id: string; email: string } | null;
      action: string;
    }[];
    const [logged] = await db().select({ n: count() }).from(auditLog);
    expect(logged!.n).toBeGreaterThan(10);
    expect(all.json().data.totalResults).toBe(logged!.n);
    expect(entries).toHaveLength(Math.min(30, logged!.n));
    expect(entries.map((e) => e.createdAt)).toEqual(
      [...entries.map((e) => e.createdAt)].sort().reverse(),
    );
    expect(entries[0]!.actor).toEqual({ _id: admin().id, email: admin().email, name: 'Sam Staff' });

    const banks = (await staff.get('/v1/admin/audit-log?entity=bank')).json().data;
    expect(banks.data.map((e: { action: string }) => e.action).sort()).toEqual([
      'bank.create',
      'bank.deactivate',
      'bank.update',
    ]);
    const accepted = (
      await staff.get('/v1/admin/audit-log?action=purchase.status&limit=10&page=1')
    ).json().data;
    const [decisions] = await db()
      .select({ n: count() })
      .from(auditLog)
      .where(eq(auditLog.action, 'purchase.status'));
    expect(decisions!.n).toBeGreaterThan(0);
    expect(accepted.totalResults).toBe(decisions!.n);
    expect(accepted.data.map((e: { action: string }) => e.action)).toEqual(
      accepted.data.map(() => 'purchase.status'),
    );
    expect(accepted.data).toHaveLength(Math.min(10, decisions!.n));
    // Each decision names its presale request by the reference buyers and staff know it by.
    for (const entry of accepted.data as { entityId: string; reference: string | null }[]) {
      const [request] = await db()
        .select({ reference: purchases.reference })
        .from(purchases)
        .where(eq(purchases.id, entry.entityId));
      expect(entry.reference).toBe(request!.reference);
      expect(entry.reference).toMatch(/^TMC-/);
    }
    const bankEntries = banks.data as { action: string; reference: string | null }[];
    expect(
      bankEntries.every((e) => typeof e.reference === 'string' && e.reference.length > 0),
    ).toBe(true);
    const settingsEntries = (await staff.get('/v1/admin/audit-log?entity=settings')).json().data
      .data as { reference: string | null }[];
    expect(settingsEntries.map((e) => e.reference)).toEqual(settingsEntries.map(() => null));
    expect(
      (await staff.get(`/v1/admin/audit-log?actorId=${admin().id}`)).json().data.totalResults,
    ).toBe(all.json().data.totalResults);
    expect(
      (await staff.get(`/v1/admin/audit-log?actor=${encodeURIComponent(admin().email)}`)).json()
        .data.totalResults,
    ).toBe(all.json().data.totalResults);
    expect(
      (await staff.get(`/v1/admin/audit-log?actorId=${randomUUID()}`)).json().data.totalResults,
    ).toBe(0);
    const second = (await staff.get('/v1/admin/audit-log?limit=10&page=2')).json().data;
    expect(second.page).toBe(2);
    expect(second.data[0]._id).toBe(
      ((await staff.get('/v1/admin/audit-log?limit=20')).json().data.data[10] as { _id: string })
        ._id,
    );
  });
});
