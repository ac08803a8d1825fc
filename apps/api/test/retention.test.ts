import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  files,
  mailOutbox,
  otpCodes,
  passwordResets,
  pendingSignups,
  purchases,
  users,
} from '../src/db/schema/index.ts';
import { tryRetentionLock } from '../src/modules/retention/retention.repo.ts';
import { insertBankPurchase, people } from './affiliates-helpers.ts';
import { upload } from './purchases-helpers.ts';
import { buildTestApp } from './test-app.ts';

let built: Awaited<ReturnType<typeof buildTestApp>>;
const app = () => built.app;
const db = () => built.db;

// Races for the lock are only real on PostgreSQL.
beforeAll(async () => {
  built = await buildTestApp({ postgres: true });
});
afterAll(async () => {
  await built?.app.close();
});

const ago = (days: number, hours = 0) =>
  sql`now() - make_interval(days => ${days}, hours => ${hours})`;

describe('retention job', () => {
  it('removes what is past its period and keeps the rest, and what an order or the audit log names', async () => {
    const person = people(db(), built.config);
    const buyer = await person();
    const held = await person();
    const heldRecently = await person();

    // E-mail codes: expired two days ago (goes), expired an hour ago (stays), live (stays).
    const code = (email: string, expiresAt: ReturnType<typeof sql>) =>
      db()
        .insert(otpCodes)
        .values({ email, purpose: 'verifyemail', codeHash: randomUUID(), expiresAt })
        .returning({ id: otpCodes.id });
    const [oldCode] = await code('old@tmc.test', ago(2));
    const [recentCode] = await code('recent@tmc.test', ago(0, 1));
    const [liveCode] = await code('live@tmc.test', sql`now() + interval '10 minutes'`);
    const reset = (usedAt: ReturnType<typeof sql> | null) =>
      db()
        .insert(passwordResets)
        .values({
          userId: buyer.id,
          tokenHash: randomUUID(),
          expiresAt: sql`now() + interval '10 minutes'` as never,
          usedAt: usedAt as never,
        })
        .returning({ id: passwordResets.id });
    const [usedReset] = await reset(ago(2));
    const [openReset] = await reset(null);

    // Held sign-ups: eight days old (goes), one day old (stays).
    for (const [who, days] of [
      [held, 8],
      [heldRecently, 1],
    ] as const)
      await db()
        .insert(pendingSignups)
        .values({
          userId: who.id,
          name: 'Redo',
          passwordHash: 'x',
          createdAt: ago(days) as never,
        });

    // Uploads: unclaimed for two days (goes, with its object), unclaimed for an hour (stays),
    // claimed by an order (stays), unclaimed but named by an order as its receipt (stays).
    const stale = await upload(app());
    const fresh = await upload(app());
    const claimed = await upload(app());
    const named = await upload(app());
    const order = await insertBankPurchase(db(), buyer, '100.00', { receiptKey: named.key });
    await db()
      .update(files)
      .set({ purchaseId: order.id, ownerId: buyer.id })
      .where(eq(files.key, claimed.key));
    await db()
      .update(files)
      .set({ createdAt: ago(2) })
      .where(inArray(files.key, [stale.key, claimed.key, named.key]));
    expect(await built.storage.stat(stale.key)).not.toBeNull();

    // Mail: sent 91 days ago (row goes), 8 days ago (body cleared), 1 day ago (kept whole),
    // never sent (kept whole).
    const mail = (sentAt: ReturnType<typeof sql> | null) =>
      db()
        .insert(mailOutbox)
        .values({
          to: 'buyer@tmc.test',
          kind: 'paymentVerified',
          subject: 'Payment verified',
          text: 'Your payment of 100 AUD was verified',
          html: '<p>Your payment of 100 AUD was verified</p>',
          sentAt: sentAt as never,
          createdAt: (sentAt ?? sql`now()`) as never,
        })
        .returning({ id: mailOutbox.id });
    const [ancientMail] = await mail(ago(91));
    const [weekOldMail] = await mail(ago(8));
    const [dayOldMail] = await mail(ago(1));
    const [unsentMail] = await mail(null);

    await db()
      .insert(auditLog)
      .values({
        actorId: buyer.id,
        action: 'purchase.accept',
        entity: 'purchase',
        entityId: order.id,
        createdAt: ago(400) as never,
      });
    const auditBefore = (await db().select().from(auditLog)).length;

    const result = await app().retentionJob.runOnce();
    expect(result).toMatchObject({ ran: true, heldSignups: 1, uploads: 1, mailRowsDeleted: 1 });
    expect(result.codes).toBeGreaterThanOrEqual(1);

    const codeIds = (await db().select({ id: otpCodes.id }).from(otpCodes)).map((r) => r.id);
    expect(codeIds).not.toContain(oldCode!.id);
    expect(codeIds).toEqual(expect.arrayContaining([recentCode!.id, liveCode!.id]));
    const resetIds = (await db().select({ id: passwordResets.id }).from(passwordResets)).map(
      (r) => r.id,
    );
    expect(resetIds).not.toContain(usedReset!.id);
    expect(resetIds).toContain(openReset!.id);

    const heldIds = (await db().select().from(pendingSignups)).map((r) => r.userId);
    expect(heldIds).toEqual([heldRecently.id]);

    const fileKeys = (await db().select({ key: files.key }).from(files)).map((r) => r.key);
    expect(fileKeys).not.toContain(stale.key);
    expect(fileKeys).toEqual(expect.arrayContaining([fresh.key, claimed.key, named.key]));
    expect(await built.storage.stat(stale.key)).toBeNull();
    for (const kept of [fresh, claimed, named])
      expect(await built.storage.stat(kept.key)).not.toBeNull();
    const [stillOrdered] = await db().select().from(purchases).where(eq(purchases.id, order.id));
    expect(stillOrdered?.receiptKey).toBe(named.key);

    const mails = new Map((await db().select().from(mailOutbox)).map((m) => [m.id, m] as const));
    expect(mails.has(ancientMail!.id)).toBe(false);
    expect(mails.get(weekOldMail!.id)).toMatchObject({
      text: '',
      html: '',
      subject: 'Payment verified',
    });
    expect(mails.get(dayOldMail!.id)?.text).toBe('Your payment of 100 AUD was verified');
    expect(mails.get(unsentMail!.id)?.html).toContain('verified');

    expect((await db().select().from(auditLog)).length).toBe(auditBefore);

    // Again: nothing left to remove.
    expect(await app().retentionJob.runOnce()).toMatchObject({
      ran: true,
      heldSignups: 0,
      uploads: 0,
      mailBodiesCleared: 0,
      mailRowsDeleted: 0,
    });
  });

  it('deletes accounts never verified after 7 days unless they hold an order', async () => {
    const person = people(db(), built.config);
    const unverified = async (days: number) => {
      const who = await person();
      await db()
        .update(users)
        .set({ emailVerifiedAt: null, createdAt: ago(days) })
        .where(eq(users.id, who.id));
      return who;
    };
    const squat = await unverified(8);
    const squatWithRedo = await unverified(8);
    await db()
      .insert(pendingSignups)
      .values({ userId: squatWithRedo.id, name: 'Redo', passwordHash: 'x' });
    const recent = await unverified(6);
    const guestBuyer = await unverified(30);
    await insertBankPurchase(db(), guestBuyer, '100.00');
    const verifiedLongAgo = await person();
    await db()
      .update(users)
      .set({ createdAt: ago(30) })
      .where(eq(users.id, verifiedLongAgo.id));

    const result = await app().retentionJob.runOnce();
    expect(result.unverifiedAccounts).toBe(2);
    const left = (
      await db()
        .select({ id: users.id })
        .from(users)
        .where(
          inArray(users.id, [
            squat.id,
            squatWithRedo.id,
            recent.id,
            guestBuyer.id,
            verifiedLongAgo.id,
          ]),
        )
    ).map((r) => r.id);
    expect(left.sort()).toEqual([recent.id, guestBuyer.id, verifiedLongAgo.id].sort());
    expect(
      await db().select().from(pendingSignups).where(eq(pendingSignups.userId, squatWithRedo.id)),
    ).toEqual([]);
  });

  it('runs on one copy at a time: while another holds the lock it does nothing', async () => {
    const person = people(db(), built.config);
    const held = await person();
    await db()
      .insert(pendingSignups)
      .values({
        userId: held.id,
        name: 'Redo',
        passwordHash: 'x',
        createdAt: ago(30) as never,
      });
    const skipped = await db().transaction(async (tx) => {
      expect(await tryRetentionLock(tx)).toBe(true);
      return app().retentionJob.runOnce();
    });
    expect(skipped.ran).toBe(false);
    const heldRow = () =>
      db().select().from(pendingSignups).where(eq(pendingSignups.userId, held.id));
    expect(await heldRow()).toHaveLength(1);
    expect((await app().retentionJob.runOnce()).heldSignups).toBe(1);
    expect(await heldRow()).toHaveLength(0);
  });
});
