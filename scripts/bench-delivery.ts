// `npm run bench:delivery`: token delivery at the size of a large sale, on PostgreSQL and the
// Hardhat dev chain. (a) Staff build a draft for 100,000 buyers (accepted orders and proven wallets
// seeded in bulk SQL; the builder call is timed, as the route runs it). (b) `GET /v1/delivery`
// under autocannon (50 connections, 1,000 buyers in turn) against the product as `npm start` runs
// it in production, with that root accepted: 100,000 leaves. (c) 10,000 claims are sent on the
// dev chain (multicall batches of `claim`) and the distributor reader's catch-up over them is timed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  http,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { loadConfig } from '../apps/api/src/config.ts';
import { migrate, openDatabase } from '../apps/api/src/db/client.ts';
import { seedDatabase } from '../apps/api/src/db/seed.ts';
import { devAccount, DEPLOYER_INDEX } from '../apps/api/src/dev/dev-accounts.ts';
import { startDevChain } from '../apps/api/src/dev/dev-chain.ts';
import { publishSafeBatch } from '../apps/api/src/dev/publish-distribution.ts';
import { createAccessTokens } from '../apps/api/src/lib/auth.ts';
import { createChainClient, defineRpcChain } from '../apps/api/src/lib/chain.ts';
import { distributorAbi } from '../apps/api/src/lib/distributor-abi.ts';
import { proofNodes } from '../apps/api/src/lib/stored-proof.ts';
import { createDeliveryService } from '../apps/api/src/modules/delivery/delivery.service.ts';
import { createDistributorReader } from '../apps/api/src/modules/delivery/distributor-reader.ts';
import { freePort } from '../apps/api/test/throwaway-postgres.ts';
import { JWT_SECRET, startProcess, stopProcesses } from './bench-processes.ts';
import { startThrowawayPostgres } from '../apps/web/e2e/postgres.ts';

const { values } = parseArgs({
  options: {
    buyers: { type: 'string', default: '100000' },
    claims: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
});
const BUYERS = Number(values.buyers);
const CLAIMS = Number(values.claims);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
/** Claims per multicall transaction: about 90k gas and 0.7 KB each, under a 128 KB transaction. */
const CLAIMS_PER_TX = 100;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  if (process.env.BENCH_ONLY_BUILD) console.log('(build only)');
  const load = os.loadavg().map((l) => l.toFixed(2));
  console.log(`Load average before the run: ${load.join(' ')} (${os.cpus().length} cores)`);
  const pgPort = await freePort();
  const pg = startThrowawayPostgres(pgPort);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-bench-delivery-'));
  const devChain = await startDevChain({ port: 0, log: () => {} });
  const deployment = devChain.delivery!;
  const rows: [string, string, string][] = [];
  try {
    const database = await openDatabase({ databaseUrl: pg.url });
    await migrate(database);
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET, DATA_DIR: dataDir });
    const chainSettings = {
      chainId: devChain.chainId,
      companyWallet: devChain.companyWallet,
      usdcAddress: devChain.usdcAddress,
    };
    await seedDatabase(database.db, config, chainSettings, true);
    const { db } = database;

    console.log(
      `Seeding ${BUYERS.toLocaleString('en')} buyers, their accepted orders and proven wallets…`,
    );
    // Each buyer: one accepted order of 1,000–1,999 TMC and one proven wallet (an address from
    // their number, lower-case, 40 hex characters).
    await db.execute(sql`
      insert into users (name, email, password_hash, email_verified_at)
      select 'Buyer ' || i, 'buyer' || i || '@example.com', 'x', now()
      from generate_series(1, ${BUYERS}) i`);
    await db.execute(sql`
      insert into users (name, email, password_hash, email_verified_at, role)
      values ('Staff', 'staff@example.com', 'x', now(), 'admin')`);
    await db.execute(sql`
      with b as (
        select id, substring(email from 6 for position('@' in email) - 6)::int as i
        from users where email like 'buyer%@example.com')
      insert into purchases (user_id, status, payment_mode, reference, investment_amount, token_amount,
        token_price_aud, user_amount, user_currency, rate)
      select id, 1, 0, 'B-' || i, 20 + (i % 1000) * 0.02, 1000 + (i % 1000), 0.02,
        20 + (i % 1000) * 0.02, 'AUD', 1
      from b`);
    await db.execute(sql`
      insert into wallet_proofs (address, user_id, proven_at, counts_from)
      select '0x' || md5('a' || email) || substr(md5('b' || email), 1, 8), id,
        now() - interval '1 day', now() - interval '1 day'
      from users where email like 'buyer%@example.com'`);
    await db.execute(sql`vacuum analyze`);
    const [staff] = (
      await db.execute<{ id: string }>(sql`select id from users where email = 'staff@example.com'`)
    ).rows;

    const chain = createChainClient({ rpcUrl: devChain.rpcUrl, chainId: devChain.chainId });
    const delivery = createDeliveryService({
      db,
      chain,
      deployment,
      publicUrl: 'http://127.0.0.1',
      mail: { deliverSoon() {} },
    });

    // (a) The builder, as POST /v1/admin/distributions runs it.
    const buildStart = performance.now();
    const draft = await delivery.build(staff!.id);
    const buildMs = performance.now() - buildStart;
    console.log(`  built epoch ${draft.epoch}: ${draft.leafCount} leaves in ${seconds(buildMs)}`);
    rows.push([
      `build a draft for ${BUYERS.toLocaleString('en')} buyers`,
      seconds(buildMs),
      '≤ 10 s',
    ]);

    if (process.env.BENCH_ONLY_BUILD) return;
    // Published as the Safe would; the reader marks it accepted (no proof e-mails here).
    const batch = await delivery.safeTx(draft._id);
    await publishSafeBatch({
      rpcUrl: devChain.rpcUrl,
      chainId: devChain.chainId,
      distributor: getAddress(deployment.distributorAddress),
      batch,
    });
    const reader = createDistributorReader({
      db,
      chain,
      deployment,
      log: pino({ level: 'silent' }),
    });
    const catchUp = async () => {
      let claims = 0;
      for (;;) {
        const head = await chain.publicClient.getBlockNumber();
        const result = await reader.read(head, 1n);
        claims += result.claims;
        if (result.lag === 0n) return claims;
      }
    };
    await catchUp();

    // (b) GET /v1/delivery against the production server, 1,000 buyers in turn.
    const apiPort = await freePort();
    const api = `http://127.0.0.1:${apiPort}`;
    await startProcess(
      'the API',
      ['--max-semi-space-size=32', '--import', 'tsx', 'src/server.ts'],
      {
        NODE_ENV: 'production',
        PORT: String(apiPort),
        DATA_DIR: dataDir,
        DATABASE_URL: pg.url,
        JWT_SECRET,
        SMTP_URL: 'smtp://127.0.0.1:9',
        CHAIN_RPC_URL: devChain.rpcUrl,
        // Production refuses the dev chain's id; the page reads only the schedule, once.
        CHAIN_ID: '1',
        COMPANY_WALLET: devChain.companyWallet,
        USDC_ADDRESS: devChain.usdcAddress,
        TMC_TOKEN_ADDRESS: deployment.tokenAddress,
        DISTRIBUTOR_ADDRESS: deployment.distributorAddress,
        DISTRIBUTOR_START_BLOCK: String(deployment.startBlock),
        PAYMENT_WATCHER_INTERVAL_SECONDS: '0',
        LOG_LEVEL: 'warn',
      },
      `${api}/readyz`,
    );
    const buyers = (
      await db.execute<{ id: string }>(
        sql`select id from users where email like 'buyer%@example.com' order by random() limit 1000`,
      )
    ).rows;
    const tokens = createAccessTokens(config);
    const bearers = buyers.map(
      ({ id }) =>
        `Bearer ${tokens.sign({ id, role: 'user', sessionVersion: 0, secondFactor: false }).token}`,
    );
    const probe = await fetch(`${api}/v1/delivery`, { headers: { authorization: bearers[0]! } });
    const probeBody = (await probe.json()) as { data?: { published?: unknown } };
    if (probe.status !== 200 || !probeBody.data?.published)
      throw new Error(`GET /v1/delivery: ${probe.status} ${JSON.stringify(probeBody)}`);
    await autocannon({
      url: `${api}/v1/delivery`,
      connections: 10,
      duration: 2,
      headers: { authorization: bearers[0]! },
    });
    let n = 0;
    const result = await autocannon({
      url: `${api}/v1/delivery`,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          setupRequest: (req) => {
            n += 1;
            return {
              ...req,
              headers: { ...req.headers, authorization: bearers[n % bearers.length]! },
            };
          },
        },
      ],
    });
    console.log(
      `  GET /v1/delivery: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.non2xx} not 2xx`,
    );
    rows.push([
      `\`GET /v1/delivery\`, ${draft.leafCount.toLocaleString('en')} leaves`,
      `${Math.round(result.requests.average).toLocaleString('en')} req/s, p99 ${result.latency.p99} ms${result.non2xx ? ` (${result.non2xx} not 2xx)` : ''}`,
      '≥ 2,000 req/s, p99 < 30 ms',
    ]);
    stopProcesses();

    // (c) 10,000 claims on chain, then the reader's catch-up over them.
    console.log(`Sending ${CLAIMS.toLocaleString('en')} claims in batches of ${CLAIMS_PER_TX}…`);
    const leaves = (
      await db.execute<{ address: string; cumulative: string; proof: string }>(sql`
        select address, cumulative_base_units::text as cumulative, encode(proof, 'hex') as proof
        from distribution_leaves
        where distribution_id = ${draft._id} order by address limit ${CLAIMS}`)
    ).rows.map((l) => ({ ...l, proof: proofNodes(l.proof) }));
    const rpcChain = defineRpcChain({ rpcUrl: devChain.rpcUrl, chainId: devChain.chainId });
    const publicClient = createPublicClient({
      chain: rpcChain,
      transport: http(devChain.rpcUrl),
      pollingInterval: 50,
    });
    const sender = createWalletClient({
      account: privateKeyToAccount(devAccount(DEPLOYER_INDEX).privateKey),
      chain: rpcChain,
      transport: http(devChain.rpcUrl),
    });
    const distributor = getAddress(deployment.distributorAddress);
    const hashes: Hex[] = [];
    for (let i = 0; i < leaves.length; i += CLAIMS_PER_TX) {
      const calls = leaves.slice(i, i + CLAIMS_PER_TX).map((l) =>
        encodeFunctionData({
          abi: distributorAbi,
          functionName: 'claim',
          args: [getAddress(l.address), BigInt(l.cumulative), l.proof],
        }),
      );
      hashes.push(
        await sender.writeContract({
          address: distributor,
          abi: distributorAbi,
          functionName: 'multicall',
          args: [calls],
          gas: 15_000_000n,
        }),
      );
    }
    for (const hash of hashes) {
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`claim batch ${hash} reverted`);
    }
    const readStart = performance.now();
    const stored = await catchUp();
    const readMs = performance.now() - readStart;
    console.log(`  reader stored ${stored} Claimed logs in ${seconds(readMs)}`);
    if (stored !== leaves.length) throw new Error(`stored ${stored} of ${leaves.length} claims`);
    rows.push([
      `reader stores ${stored.toLocaleString('en')} \`Claimed\` logs`,
      seconds(readMs),
      '≤ 30 s',
    ]);
    await database.close();
  } finally {
    stopProcesses();
    await new Promise((r) => setTimeout(r, 1_000));
    await devChain.stop();
    pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\n${new Date().toISOString()}, load average ${load.join(' ')} before, ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} after\n`,
  );
  console.log('| measure | result | target |\n|---|---|---|');
  for (const [what, result, target] of rows) console.log(`| ${what} | ${result} | ${target} |`);
}

try {
  await main();
} catch (error) {
  const e = error as { shortMessage?: string; message?: string };
  console.error(e.shortMessage ?? e.message?.slice(0, 2_000) ?? error);
  process.exitCode = 1;
}
