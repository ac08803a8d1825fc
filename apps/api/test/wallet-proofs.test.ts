import { and, asc, eq, isNull } from 'drizzle-orm';
import { privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { WALLET_PROOF_STATEMENT, walletProofMessages as says } from '@tmc/shared';
import { auditLog, mailOutbox, walletNonces, walletProofs } from '../src/db/schema/index.ts';
import { devAccount } from '../src/dev/dev-accounts.ts';
import { as, useAffiliatesApp, type Person } from './affiliates-helpers.ts';

const { app, db, config, person } = useAffiliatesApp();

const signer = (index: number) => privateKeyToAccount(devAccount(index).privateKey);

async function issue(who: Person, index: number) {
  const res = await as(app(), who).post('/v1/account/wallets/nonce', {
    address: devAccount(index).address,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { message: string; nonce: string; expiresAt: string };
}

const prove = (who: Person, message: string, signature: string) =>
  as(app(), who).post('/v1/account/wallets/prove', { message, signature });

/** The current holding of dev account `index`'s address. */
const proofOf = async (index: number) =>
  (
    await db()
      .select()
      .from(walletProofs)
      .where(
        and(
          eq(walletProofs.address, devAccount(index).address.toLowerCase()),
          isNull(walletProofs.until),
        ),
      )
  )[0];

describe('proven wallets (Sign-In with Ethereum)', () => {
  it('a message the server issued, signed by the wallet, proves it; the nonce works once', async () => {
    const buyer = await person();
    const { message, expiresAt } = await issue(buyer, 3);
    const host = new URL(config().publicUrl).host;
    expect(message).toContain(`${host} wants you to sign in with your Ethereum account:`);
    expect(message).toContain(devAccount(3).address);
    expect(message).toContain('Chain ID: 31337');
    expect(message).toContain(WALLET_PROOF_STATEMENT);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    const signature = await signer(3).signMessage({ message });
    const res = await prove(buyer, message, signature);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(says.proven);
    expect(res.json().data.wallets).toEqual([
      { address: devAccount(3).address, proven: true, provenAt: expect.any(String) },
    ]);
    expect((await proofOf(3))?.userId).toBe(buyer.id);

    const replay = await prove(buyer, message, signature);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(says.nonce);

    const listed = await as(app(), buyer).get('/v1/account/wallets');
    expect(listed.json().data.wallets).toMatchObject([
      { address: devAccount(3).address, proven: true },
    ]);
  });

  it('refuses another wallet’s signature, another site’s or chain’s message, another account’s nonce and an expired one, changing nothing', async () => {
    const buyer = await person();
    const other = await person();
    const { message, nonce } = await issue(buyer, 4);

    const wrongSigner = await prove(buyer, message, await signer(5).signMessage({ message }));
    expect(wrongSigner.json().message).toBe(says.signature);

    const url = new URL(config().publicUrl);
    const forged = (overrides: Partial<Parameters<typeof createSiweMessage>[0]>) =>
      createSiweMessage({
        address: devAccount(4).address,
        chainId: 31337,
        domain: url.host,
        uri: url.origin,
        version: '1',
        nonce,
        issuedAt: new Date(),
        expirationTime: new Date(Date.now() + 60_000),
        statement: WALLET_PROOF_STATEMENT,
        ...overrides,
      });
    for (const bad of [
      forged({ domain: 'evil.example' }),
      forged({ chainId: 1 }),
      forged({ expirationTime: new Date(Date.now() - 1000) }),
      // Same domain, but a sign-in for another page or site: the uri must be the site's origin.
      forged({ uri: 'https://evil.example' }),
      forged({ uri: `${url.origin}/elsewhere` }),
      forged({ statement: 'Sign in to claim your airdrop.' }),
    ]) {
      const res = await prove(buyer, bad, await signer(4).signMessage({ message: bad }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(says.message);
    }

    const stolen = await prove(other, message, await signer(4).signMessage({ message }));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(says.nonce);

    await db()
      .update(walletNonces)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(walletNonces.nonce, nonce));
    const late = await prove(buyer, message, await signer(4).signMessage({ message }));
    expect(late.json().message).toBe(says.nonce);
    expect(await proofOf(4)).toBeUndefined();

    const badBody = await as(app(), buyer).post('/v1/account/wallets/prove', {
      message,
      signature: 'nope',
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().message).toBe(says.signatureFormat);
    expect((await as(app()).get('/v1/account/wallets')).statusCode).toBe(401);
  });

  it('a proven address belongs to one account at a time; every holding is kept, a move is audited, mailed and counts after a day', async () => {
    const first = await person();
    const second = await person();
    const proveAs = async (who: Person) => {
      const { message } = await issue(who, 6);
      const res = await prove(who, message, await signer(6).signMessage({ message }));
      expect(res.statusCode, res.body).toBe(200);
    };
    await proveAs(first);
    const firstHolding = (await proofOf(6))!;
    // Proving it again keeps the first time (a payment in flight keeps its evidence).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await proveAs(first);
    expect((await proofOf(6))?.provenAt).toEqual(firstHolding.provenAt);
    expect((await proofOf(6))?.countsFrom).toEqual(firstHolding.provenAt);

    await proveAs(second);
    const moved = (await proofOf(6))!;
    expect(moved.userId).toBe(second.id);
    expect(moved.countsFrom.getTime() - moved.provenAt.getTime()).toBe(24 * 3600_000);
    const rows = await db()
      .select()
      .from(walletProofs)
      .where(eq(walletProofs.address, devAccount(6).address.toLowerCase()))
      .orderBy(asc(walletProofs.provenAt));
    expect(rows.map((r) => [r.userId, r.until === null])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    expect(rows[0]!.until!.getTime()).toBe(moved.provenAt.getTime());

    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, devAccount(6).address.toLowerCase()))
      .orderBy(asc(auditLog.createdAt));
    expect(audits.map((a) => [a.action, a.actorId])).toEqual([
      ['wallet.prove', first.id],
      ['wallet.move', second.id],
    ]);
    expect(audits[1]!.before).toMatchObject({ userId: first.id });

    const told = await db().select().from(mailOutbox).where(eq(mailOutbox.to, first.email));
    expect(told.map((m) => m.subject)).toEqual([
      'A wallet you proved is now proven by another TMC account',
    ]);
    expect(told[0]!.text).toContain(devAccount(6).address);

    const firstList = await as(app(), first).get('/v1/account/wallets');
    expect(firstList.json().data.wallets).toEqual([]);
  });
});
