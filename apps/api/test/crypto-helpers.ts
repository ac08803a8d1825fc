import { asc, eq } from 'drizzle-orm';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  erc20Abi,
  formatUnits,
  getAddress,
  http,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, expect } from 'vitest';
import { DECIMALS, convertToAud, tokensFor, type CryptoCurrency } from '@tmc/shared';
import type { Db } from '../src/db/client.ts';
import {
  chainWatchers,
  paymentClaims,
  purchases,
  settings,
  transactions,
  unmatchedPayments,
  walletProofs,
} from '../src/db/schema/index.ts';
import { SEED_RATES } from '../src/db/seed.ts';
import type { DevChain } from '../src/dev/dev-chain.ts';
import { devAccount } from '../src/dev/dev-accounts.ts';
import { loadTestUsdcArtifact } from '../src/dev/test-usdc-artifact.ts';
import { sendDevPayment } from '../src/dev/send-dev-payment.ts';
import { insertQuotedTransaction } from '../src/modules/purchases/exact-quote.ts';
import { WATCHER_NAME } from '../src/modules/transactions/payment-watcher.repo.ts';
import { saveProof } from '../src/modules/wallets/wallet-proofs.repo.ts';
import { newPaymentReference } from '../src/modules/purchases/payment-reference.ts';
import { defineRpcChain } from '../src/lib/chain.ts';
import { api, mailbox, verifiedUser, type Mailbox } from './auth-helpers.ts';
import { useDevChain } from './chain-node.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { buildTestApp } from './test-app.ts';

export const SEED_TOKEN_PRICE = '0.02';

/**
 * A Pending crypto order written straight to the database, as add-crypto makes it (its exact
 * amount is the nominal `amount` plus a tag of its own): for tests of verification that must not
 * depend on the order endpoint.
 */
export async function insertCryptoOrder(
  db: Db,
  opts: {
    userId: string;
    coin: CryptoCurrency;
    amount: string;
    companyWallet: string;
    createdAt?: Date;
    quoteExpiresAt?: Date;
  },
) {
  const rate = SEED_RATES[opts.coin]!;
  const aud = convertToAud(opts.amount, rate, '1', 2);
  const tokens = tokensFor(aud, SEED_TOKEN_PRICE);
  return db.transaction(async (tx) => {
    const [purchase] = await tx
      .insert(purchases)
      .values({
        userId: opts.userId,
        paymentMode: 1,
        reference: newPaymentReference(),
        investmentAmount: aud,
        tokenAmount: tokens,
        tokenPriceAud: SEED_TOKEN_PRICE,
        userAmount: opts.amount,
        userCurrency: opts.coin,
        rate,
        ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
      })
      .returning();
    const transaction = await insertQuotedTransaction(
      tx,
      {
        userId: opts.userId,
        purchaseId: purchase!.id,
        tokenAmount: tokens,
        userAmount: opts.amount,
        userCurrency: opts.coin,
        paymentMode: 1,
        walletAddress: opts.companyWallet,
        quoteExpiresAt: opts.quoteExpiresAt ?? new Date(Date.now() + 60 * 60_000),
        ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
      },
      { coin: opts.coin, nominal: parseUnits(opts.amount, DECIMALS[opts.coin]) },
    );
    return { purchase: purchase!, transaction };
  });
}

/** The exact amount an order asks for, as a decimal string in its coin (what `price` says). */
export const due = (transaction: { quoteBaseUnits: string | null; tokenSymbol: string }) =>
  formatUnits(
    BigInt(transaction.quoteBaseUnits!),
    DECIMALS[transaction.tokenSymbol as CryptoCurrency],
  );

/** The transfers of a transaction listed for staff, by log index. */
export const unmatchedOf = (db: Db, txnHash: string) =>
  db
    .select()
    .from(unmatchedPayments)
    .where(eq(unmatchedPayments.txnHash, txnHash))
    .orderBy(asc(unmatchedPayments.logIndex));

/** The claims of a transaction's transfers, oldest first. */
export const claimsOf = (db: Db, txnHash: string) =>
  db
    .select()
    .from(paymentClaims)
    .where(eq(paymentClaims.txnHash, txnHash))
    .orderBy(asc(paymentClaims.createdAt), asc(paymentClaims.id));

export const readSettings = async (db: Db) => (await db.select().from(settings))[0]!;

export async function readOrder(db: Db, transactionId: string) {
  const [transaction] = await db
    .select()
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  const [purchase] = transaction?.purchaseId
    ? await db.select().from(purchases).where(eq(purchases.id, transaction.purchaseId))
    : [];
  return { transaction: transaction!, purchase: purchase! };
}

/** A refused verification leaves the order exactly as it was: Pending, no proof stored, nothing raised. */
export async function expectUntouched(db: Db, transactionId: string, raisedBefore: string) {
  const { transaction, purchase } = await readOrder(db, transactionId);
  expect(transaction).toMatchObject({
    paymentStatus: 0,
    txnHash: null,
    fromAddress: null,
    senderMatchesWallet: null,
    paidBaseUnits: null,
    blockNumber: null,
    verifiedAt: null,
  });
  expect(purchase.status).toBe(0);
  expect((await readSettings(db)).raisedAud).toBe(raisedBefore);
}

/**
 * A forwarder as small as a contract gets: it calls the address in its calldata's first word with
 * all the ETH it was sent, and reverts when that call fails. What a Safe, a smart-contract wallet
 * or an exchange's batched withdrawal does: the ETH reaches the wallet in an internal call.
 *   init:    PUSH1 23 PUSH1 12 PUSH1 0 CODECOPY PUSH1 23 PUSH1 0 RETURN
 *   runtime: CALL(gas, calldataload(0), callvalue, 0, 0, 0, 0); success ? STOP : REVERT(0, 0)
 */
const FORWARDER: Hex = '0x6017600c60003960176000f36000600060006000346000355af1601557600080fd5b00';

export function chainTools(devChain: DevChain) {
  const { rpcUrl, chainId } = devChain;
  const chain = defineRpcChain({ rpcUrl, chainId });
  const testClient = createTestClient({ mode: 'hardhat', chain, transport: http(rpcUrl) });
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 });
  const walletOf = (index: number) =>
    createWalletClient({
      account: privateKeyToAccount(devAccount(index).privateKey),
      chain,
      transport: http(rpcUrl),
    });

  return {
    testClient,
    publicClient,
    walletOf,
    pay: (
      currency: CryptoCurrency,
      amount: string,
      opts: { to?: Address; fromIndex?: number; usdcAddress?: Address } = {},
    ) =>
      sendDevPayment({
        rpcUrl,
        chainId,
        currency,
        amount,
        to: opts.to ?? devChain.companyWallet,
        fromIndex: opts.fromIndex,
        usdcAddress: opts.usdcAddress ?? devChain.usdcAddress,
      }),
    /**
     * One block at a time: Hardhat mines several blocks in one call lazily, and a balance read at
     * a block in the middle of them answers 0 (the company wallet's balance check reads them).
     */
    /**
     * A contract that forwards the ETH it is sent to the address in its call data (23 bytes of
     * EVM code): ETH that reaches the company wallet by an internal call, as from a Safe or an
     * exchange's batched withdrawal.
     */
    async deployForwarder(fromIndex = 4): Promise<Address> {
      const hash = await walletOf(fromIndex).deployContract({ abi: [], bytecode: FORWARDER });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error('The forwarder was not deployed');
      return receipt.contractAddress!;
    },

    /** Sends `wei` through `forwarder` to `to`: the receipt of the outer transaction. */
    async forward(forwarder: Address, to: Address, wei: bigint, fromIndex = 4) {
      const hash = await walletOf(fromIndex).sendTransaction({
        to: forwarder,
        value: wei,
        data: encodeAbiParameters([{ type: 'address' }], [to]),
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`Forwarding ${hash} reverted`);
      return receipt;
    },

    mine: async (blocks: number) => {
      for (let i = 0; i < blocks; i++) await testClient.mine({ blocks: 1 });
    },

    /** One transaction with a USDC Transfer log to the company wallet per amount (a batched withdrawal). */
    async payBatch(amounts: string[], opts: { fromIndex?: number } = {}) {
      const artifact = await loadTestUsdcArtifact();
      const fromIndex = opts.fromIndex ?? 3;
      const hash = await walletOf(fromIndex).writeContract({
        address: devChain.usdcAddress,
        abi: artifact.abi,
        functionName: 'transferBatch',
        args: [amounts.map(() => devChain.companyWallet), amounts.map((a) => parseUnits(a, 6))],
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`Batch ${hash} reverted`);
      return { hash, blockNumber: receipt.blockNumber, from: devAccount(fromIndex).address };
    },

    /**
     * Mined but reverted: with automining paused the node cannot refuse the transaction up front,
     * and the fixed gas limit skips the estimate that would fail.
     */
    async sendReverting(
      request: { fromIndex: number } & ({ kind: 'usdcOverBalance' } | { kind: 'ethToContract' }),
    ): Promise<Hash> {
      const wallet = walletOf(request.fromIndex);
      await testClient.setAutomine(false);
      try {
        const hash =
          request.kind === 'usdcOverBalance'
            ? await wallet.writeContract({
                address: devChain.usdcAddress,
                abi: erc20Abi,
                functionName: 'transfer',
                args: [devChain.companyWallet, parseUnits('1000000000', 6)],
                gas: 100_000n,
              })
            : await wallet.sendTransaction({
                to: devChain.usdcAddress,
                value: parseUnits('1', 18),
                gas: 100_000n,
              });
        await testClient.mine({ blocks: 1 });
        return hash;
      } finally {
        await testClient.setAutomine(true);
      }
    },

    /** Another TestUSDC, minted to `holderIndex`: a token that is not the configured USDC. */
    async deployOtherToken(holderIndex: number): Promise<Address> {
      const artifact = await loadTestUsdcArtifact();
      const wallet = walletOf(holderIndex);
      const deployHash = await wallet.deployContract({
        abi: artifact.abi,
        bytecode: artifact.bytecode,
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash: deployHash });
      const token = getAddress(receipt.contractAddress!);
      await publicClient.waitForTransactionReceipt({
        hash: await wallet.writeContract({
          address: token,
          abi: artifact.abi,
          functionName: 'mint',
          args: [devAccount(holderIndex).address, parseUnits('1000', 6)],
        }),
      });
      return token;
    },
  };
}

export type Buyer = Awaited<ReturnType<typeof verifiedUser>>;

/**
 * The real app pointed at this file's dev chain, with mail going to an SMTP sink: started in
 * beforeAll and closed in afterAll. Call it at the top level of the test file; the getters answer
 * once the set-up has run.
 */
export function useCryptoApp(opts: { postgres?: boolean } = {}) {
  const devChain = useDevChain();
  let built: Awaited<ReturnType<typeof buildTestApp>> | undefined;
  let sink: SmtpSink | undefined;
  let box: Mailbox | undefined;
  let client: ReturnType<typeof api> | undefined;
  let tools: ReturnType<typeof chainTools> | undefined;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const { rpcUrl, chainId, companyWallet, usdcAddress, delivery } = devChain();
    built = await buildTestApp({
      env: { SMTP_URL: sink.url },
      chain: { rpcUrl, chainId, companyWallet, usdcAddress },
      delivery,
      postgres: opts.postgres,
    });
    box = mailbox(sink);
    client = api(built.app);
    tools = chainTools(devChain());
  });
  afterAll(async () => {
    await built?.app.close();
    await sink?.stop();
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error('The crypto test app is not running: call useCryptoApp() at the top level');
    return value;
  };
  const app = () => ready(built).app;
  const db = () => ready(built).db;
  const theBox = () => ready(box);
  const theClient = () => ready(client);

  return {
    devChain,
    app,
    db,
    config: () => ready(built).config,
    mailer: () => ready(built).mailer,
    box: theBox,
    client: theClient,
    tools: () => ready(tools),

    /** A signed-up, verified and logged-in user; `wallet` saves that dev account's address first. */
    buyer: (opts: { wallet?: number } = {}) =>
      verifiedUser(app(), theBox()).then(async (b) => {
        if (opts.wallet !== undefined) {
          const res = await theClient().post(
            '/v1/auth/update-wallet',
            { walletAddress: devAccount(opts.wallet).address.toLowerCase(), password: b.password },
            { token: b.access },
          );
          expect(res.statusCode, res.body).toBe(200);
        }
        return b;
      }),

    /** A Pending order of `amount` `coin` by `b`, to the dev chain's company wallet. */
    order: (b: Buyer, coin: CryptoCurrency, amount: string) =>
      insertCryptoOrder(db(), {
        userId: b.user._id,
        coin,
        amount,
        companyWallet: devChain().companyWallet,
      }),

    verify: (b: Buyer, transactionId: string, txnHash: unknown) =>
      theClient().post(
        `/v1/transaction/verify-crypto-pay/${transactionId}`,
        { txnHash },
        { token: b.access },
      ),
  };
}

/**
 * The account proves `address` now, as a signed proof does (a move to it from another account
 * counts after the cool-off); with `provenAt`, a first proof of an address nobody holds, dated
 * then.
 */
export async function proveWallet(db: Db, userId: string, address: string, provenAt?: Date) {
  if (!provenAt) return (await saveProof(db, userId, address)).proof;
  const [row] = await db
    .insert(walletProofs)
    .values({ address: address.toLowerCase(), userId, provenAt, countsFrom: provenAt })
    .returning();
  return row!;
}

/** The payment watcher has read every block stamped before `at` (what the lapse job waits for). */
export async function watcherReadThrough(db: Db, at: Date) {
  await db
    .insert(chainWatchers)
    .values({ name: WATCHER_NAME, nextBlock: 0n, readThroughTime: at })
    .onConflictDoUpdate({ target: chainWatchers.name, set: { readThroughTime: at } });
}
