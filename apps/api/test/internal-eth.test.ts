import { eq } from 'drizzle-orm';
import { encodeAbiParameters, parseEther, zeroAddress, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { unmatchedPayments } from '../src/db/schema/index.ts';
import { COMPANY_INDEX } from '../src/dev/dev-accounts.ts';
import { as, people, type Person } from './affiliates-helpers.ts';
import { due, readOrder, useCryptoApp } from './crypto-helpers.ts';

const { devChain, app, db, config, tools, buyer, order } = useCryptoApp();

let staff: Person | undefined;
const staffMember = async () =>
  (staff ??= await people(db(), config())({ role: 'admin', name: 'Staff' }));

const deployForwarder = () => tools().deployForwarder();
const forward = (forwarder: Address, to: Address, wei: bigint) =>
  tools().forward(forwarder, to, wei);

/** Polls until the watcher has read `block`; answers the polls' listed internal payments. */
async function watchThrough(block: bigint) {
  let internal = 0;
  for (let i = 0; i < 20; i++) {
    const result = await app().paymentWatcher.pollOnce();
    internal += result.internal ?? 0;
    if (result.blocks && result.blocks.to >= block) return internal;
  }
  throw new Error(`the watcher did not reach block ${block}`);
}

const internalRows = () =>
  db().select().from(unmatchedPayments).where(eq(unmatchedPayments.reason, 'internal'));

describe('ETH that reaches the company wallet through a contract', () => {
  it("is found by the wallet balance, to its block, among direct payments and the wallet's own spending, and listed once", async () => {
    const company = devChain().companyWallet;
    const forwarder = await deployForwarder();
    // The watcher reads everything so far first: what follows is one range of its own.
    await watchThrough(await tools().publicClient.getBlockNumber({ cacheTime: 0 }));
    expect(await internalRows()).toEqual([]);

    await tools().mine(17);
    const direct = await tools().pay('ETH', '0.0031', { fromIndex: 5 });
    // The company wallet spends too: value and gas leave it, which explains part of its change.
    const spent = await tools().publicClient.waitForTransactionReceipt({
      hash: await tools()
        .walletOf(COMPANY_INDEX)
        .sendTransaction({
          to: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
          value: parseEther('0.25'),
        }),
    });
    expect(spent.status).toBe('success');
    await tools().mine(9);
    const paid = await forward(forwarder, company, parseEther('0.0123'));
    await tools().mine(23);
    const last = await tools().publicClient.getBlockNumber({ cacheTime: 0 });
    expect(last - direct.blockNumber).toBeGreaterThan(30);

    expect(await watchThrough(last)).toBe(1);
    const rows = await internalRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      coin: 'ETH',
      reason: 'internal',
      status: 'open',
      amountBaseUnits: parseEther('0.0123').toString(),
      blockNumber: paid.blockNumber,
      txnHash: paid.blockHash,
      fromAddress: zeroAddress,
      logIndex: null,
      part: 0,
    });

    // Staff see it in the open list with its reason.
    const list = await as(app(), await staffMember()).get('/v1/admin/unmatched-payments');
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().data.data.find((p: { _id: string }) => p._id === rows[0]!.id);
    expect(listed).toMatchObject({
      reason: 'internal',
      amount: '0.012300000000000000',
      coin: 'ETH',
    });
  });

  it('lists a payment through a contract in the same block as a direct one, for its own amount only', async () => {
    const company = devChain().companyWallet;
    const forwarder = await deployForwarder();
    await watchThrough(await tools().publicClient.getBlockNumber({ cacheTime: 0 }));
    const before = (await internalRows()).length;

    await tools().testClient.setAutomine(false);
    try {
      const walletOf = tools().walletOf;
      await walletOf(6).sendTransaction({ to: company, value: parseEther('0.002') });
      await walletOf(4).sendTransaction({
        to: forwarder,
        value: parseEther('0.0007'),
        data: encodeAbiParameters([{ type: 'address' }], [company]),
      });
      await tools().mine(1);
    } finally {
      await tools().testClient.setAutomine(true);
    }
    const block = await tools().publicClient.getBlockNumber({ cacheTime: 0 });
    expect(await watchThrough(block)).toBe(1);
    const rows = await internalRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.find((r) => r.blockNumber === block)).toMatchObject({
      amountBaseUnits: parseEther('0.0007').toString(),
    });
  });

  it('staff assign it to an order: read again on the chain, credited through the usual step', async () => {
    const company = devChain().companyWallet;
    const b = await buyer();
    const placed = await order(b, 'ETH', '0.01');
    const forwarder = await deployForwarder();
    await watchThrough(await tools().publicClient.getBlockNumber({ cacheTime: 0 }));
    const paid = await forward(forwarder, company, parseEther(due(placed.transaction)));
    await tools().mine(2);
    await watchThrough(await tools().publicClient.getBlockNumber({ cacheTime: 0 }));

    const row = (await internalRows()).find((r) => r.blockNumber === paid.blockNumber)!;
    expect(row).toMatchObject({
      status: 'open',
      amountBaseUnits: placed.transaction.quoteBaseUnits,
    });
    // The exact amount through a contract credits nothing by itself: no sender, no transaction.
    expect((await readOrder(db(), placed.transaction.id)).transaction.paymentStatus).toBe(0);

    const res = await as(app(), await staffMember()).post(
      `/v1/admin/unmatched-payments/${row.id}/assign`,
      {
        reference: placed.purchase.reference,
        remark: 'Paid from the buyer’s Safe, per their e-mail',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { transaction, purchase } = await readOrder(db(), placed.transaction.id);
    expect(transaction).toMatchObject({
      paymentStatus: 1,
      txnHash: paid.blockHash,
      paidBaseUnits: placed.transaction.quoteBaseUnits,
    });
    expect(purchase.status).toBe(1);
    const [after] = await db()
      .select()
      .from(unmatchedPayments)
      .where(eq(unmatchedPayments.id, row.id));
    expect(after).toMatchObject({ status: 'assigned', purchaseId: placed.purchase.id });
  });

  it('is refused for assignment when the chain no longer shows that much in its block', async () => {
    const b = await buyer();
    const placed = await order(b, 'ETH', '0.01');
    const [row] = await db()
      .insert(unmatchedPayments)
      .values({
        txnHash: (await tools().publicClient.getBlock()).hash,
        coin: 'ETH',
        fromAddress: zeroAddress,
        toAddress: devChain().companyWallet,
        amountBaseUnits: parseEther('5').toString(),
        blockNumber: await tools().publicClient.getBlockNumber({ cacheTime: 0 }),
        blockTime: new Date(),
        reason: 'internal',
      })
      .returning();
    await tools().mine(2);
    const res = await as(app(), await staffMember()).post(
      `/v1/admin/unmatched-payments/${row!.id}/assign`,
      { reference: placed.purchase.reference, remark: 'try' },
    );
    expect(res.statusCode).toBe(400);
    expect((await readOrder(db(), placed.transaction.id)).transaction.paymentStatus).toBe(0);
  });
});
