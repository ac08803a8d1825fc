// `npm run probe:openapi`: the product behind Prism's validating proxy (@stoplight/prism-cli), as
// an integrator's tools would see it. The API runs in this process on an embedded database
// (PGlite, mail to a temporary outbox, no chain), Prism proxies it with the API's own /docs/json,
// and a scenario of requests (valid ones, and one for each input rule the document states) goes
// through Prism. Prism reports, per answer, what disagrees with the document (`sl-violations`):
// a status not listed, a body off its schema, a request the document calls invalid. A request the
// document calls invalid must also be refused by the product (400), and a valid one must not be
// refused for its input. Prints every disagreement and exits 1 if there is one. Needs no network.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { loadConfig } from '../apps/api/src/config.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { migrate, openDatabase } from '../apps/api/src/db/client.ts';
import { seedDatabase } from '../apps/api/src/db/seed.ts';
import { createChainClient } from '../apps/api/src/lib/chain.ts';
import { createMailer } from '../apps/api/src/lib/mailer/mailer.ts';
import { createStorage } from '../apps/api/src/lib/storage/create-storage.ts';
import { ensureAdmin } from '../apps/api/src/modules/auth/ensure-admin.ts';
import { freePort } from '../apps/api/test/throwaway-postgres.ts';

const CHAIN = {
  rpcUrl: 'http://127.0.0.1:1',
  chainId: 31337,
  companyWallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  usdcAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
};
const ADMIN = { email: 'probe-admin@example.com', password: 'probe admin password 1' };
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';

const apiPort = await freePort();
const prismPort = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-probe-'));
const config = loadConfig({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
  PAYMENT_WATCHER_INTERVAL_SECONDS: '0',
});
const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
await migrate(database);
await seedDatabase(database.db, config, CHAIN, true);
await ensureAdmin(database.db, config, { ...ADMIN, totpSecret: TOTP_SECRET });
const codes = new Map<string, string>();
const mailer = createMailer({
  config,
  db: database.db,
  log: (line: string) => {
    const sent = /to (\S+), code (\d+)/.exec(line);
    if (sent) codes.set(sent[1]!, sent[2]!);
  },
});
const app = await buildApp({
  config,
  database,
  mailer,
  storage: createStorage(config),
  chain: createChainClient({ rpcUrl: CHAIN.rpcUrl, chainId: CHAIN.chainId }),
  logStream: { write: () => true },
});
await app.listen({ port: apiPort, host: '127.0.0.1' });
const docFile = path.join(dataDir, 'openapi.json');
fs.writeFileSync(docFile, JSON.stringify(app.swagger()));

const prismCli = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');
const prism = spawn(
  process.execPath,
  [
    prismCli,
    'proxy',
    docFile,
    config.publicUrl,
    '--host',
    '127.0.0.1',
    '--port',
    String(prismPort),
    '--errors',
    'false',
  ],
  { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SCARF_ANALYTICS: 'false' } },
);
const prismLog: string[] = [];
prism.stdout.on('data', (chunk: Buffer) => prismLog.push(chunk.toString()));
prism.stderr.on('data', (chunk: Buffer) => prismLog.push(chunk.toString()));
const stop = async () => {
  prism.kill();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
};
for (let i = 0; ; i++) {
  if (prismLog.join('').includes('Prism is listening')) break;
  if (i > 300 || prism.exitCode !== null) {
    console.error(prismLog.join(''));
    await stop();
    throw new Error('Prism did not start');
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}

interface Violation {
  location: string[];
  severity: string;
  message: string;
}
interface Probe {
  name: string;
  method?: string;
  url: string;
  body?: unknown;
  raw?: { type: string; bytes: Uint8Array };
  token?: string;
  headers?: Record<string, string>;
  /** The document calls this request invalid: the product must refuse it (400, or this status). */
  invalid?: true | number;
}

interface DocParameter {
  name: string;
  in: string;
  schema?: { pattern?: string; enum?: unknown[] };
}
const doc = app.swagger() as unknown as {
  paths: Record<string, Record<string, { parameters?: DocParameter[] } | undefined>>;
};

/**
 * Prism reads a bracketed query name (`sort[price]`, `filter[query]`) as a deep object and so
 * never checks it, though the document names it literally: its enum and pattern are checked here,
 * as an integrator's validator reading the document would.
 */
function bracketedQueryViolations(method: string, url: string): Violation[] {
  const { pathname, searchParams } = new URL(url, 'http://probe.invalid');
  const operation = Object.entries(doc.paths).find(([template]) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname),
  )?.[1][method.toLowerCase()];
  const violations: Violation[] = [];
  for (const [name, value] of searchParams) {
    if (!name.includes('[')) continue;
    const location = ['request', 'query', name];
    const schema = operation?.parameters?.find((p) => p.in === 'query' && p.name === name)?.schema;
    if (!schema)
      violations.push({ location, severity: 'Error', message: 'is not in the document' });
    else if (schema.enum && !schema.enum.includes(value))
      violations.push({
        location,
        severity: 'Error',
        message: `must be one of ${schema.enum.join(', ')}`,
      });
    else if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value))
      violations.push({ location, severity: 'Error', message: `must match ${schema.pattern}` });
  }
  return violations;
}

const disagreements: string[] = [];
let probes = 0;
const totals = { statuses: new Map<number, number>() };

async function send(p: Probe) {
  probes++;
  const headers: Record<string, string> = { ...p.headers };
  if (p.token) headers.authorization = `Bearer ${p.token}`;
  let body: Uint8Array | string | undefined;
  if (p.raw) {
    headers['content-type'] = p.raw.type;
    body = p.raw.bytes;
  } else if (p.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(p.body);
  }
  const res = await fetch(`http://127.0.0.1:${prismPort}${p.url}`, {
    method: p.method ?? 'GET',
    headers,
    body,
  });
  const text = await res.text();
  totals.statuses.set(res.status, (totals.statuses.get(res.status) ?? 0) + 1);
  const violations = JSON.parse(res.headers.get('sl-violations') ?? '[]') as Violation[];
  const onRequest = [
    ...violations.filter((v) => v.location[0] === 'request'),
    ...bracketedQueryViolations(p.method ?? 'GET', p.url),
  ];
  const onResponse = violations.filter((v) => v.location[0] !== 'request');
  const where = `${p.name} (${p.method ?? 'GET'} ${p.url.split('?')[0]} → ${res.status})`;
  if (process.env.PROBE_VERBOSE) console.log(where, violations.length ? violations : '');
  for (const v of onResponse)
    disagreements.push(`${where}: answer: ${v.location.join('.')} ${v.message}`);
  if (p.invalid) {
    if (onRequest.length === 0) disagreements.push(`${where}: the document accepts this request`);
    const refusal = p.invalid === true ? 400 : p.invalid;
    if (res.status !== refusal) disagreements.push(`${where}: the product did not refuse it`);
  } else {
    for (const v of onRequest)
      disagreements.push(`${where}: request: ${v.location.join('.')} ${v.message}`);
    if (res.status === 400 && /errors/.test(text))
      disagreements.push(`${where}: the product refused a request the document accepts: ${text}`);
  }
  if (res.status >= 500 && res.status !== 503) disagreements.push(`${where}: ${text}`);
  return {
    status: res.status,
    json: () => JSON.parse(text) as { data: Record<string, unknown> | null },
    headers: res.headers,
  };
}

const run = async () => {
  await send({ name: 'health', url: '/healthz' });
  await send({ name: 'readiness', url: '/readyz' });
  const config1 = await send({ name: 'presale config', url: '/v1/presale/config' });
  await send({
    name: 'presale config, cached',
    url: '/v1/presale/config',
    headers: { 'if-none-match': config1.headers.get('etag') ?? '' },
  });
  await send({ name: 'rates', url: '/v1/currency-rate/getCurrency' });
  await send({ name: 'banks', url: '/v1/bank/getBankDetailsByCurrency/AUD' });
  await send({
    name: 'banks, bad code',
    url: '/v1/bank/getBankDetailsByCurrency/A1',
    invalid: true,
  });

  // Sign-up, verification, login.
  const email = 'probe-buyer@example.com';
  const password = 'probe password 1';
  await send({
    name: 'sign-up, bad e-mail',
    method: 'POST',
    url: '/v1/auth/signup',
    body: { email: 'not-an-email', name: 'Probe', password },
    invalid: true,
  });
  await send({
    name: 'sign-up',
    method: 'POST',
    url: '/v1/auth/signup',
    body: { email, name: 'Probe Buyer', password },
  });
  for (let i = 0; i < 50 && !codes.has(email); i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  await send({
    name: 'verify e-mail',
    method: 'POST',
    url: '/v1/auth/otpVerification',
    body: { email, otp: codes.get(email) ?? '0000', password },
  });
  await send({
    name: 'login, wrong password',
    method: 'POST',
    url: '/v1/auth/login',
    body: { email, password: 'wrong password 1' },
  });
  const login = await send({
    name: 'login',
    method: 'POST',
    url: '/v1/auth/login',
    body: { email, password },
  });
  const tokens = login.json().data!.tokens as {
    access: { token: string };
    refresh: { token: string };
  };
  const token = tokens.access.token;

  await send({ name: 'me', url: '/v1/auth/me', token });
  await send({ name: 'me without token', url: '/v1/auth/me', invalid: 401 });
  await send({
    name: 'become affiliate',
    method: 'POST',
    url: '/v1/auth/become-affiliate',
    token,
    body: {},
  });
  await send({
    name: 'my purchases, sorted and filtered',
    url: `/v1/purchase/getmypurchase?page=1&limit=10&sort%5Bprice%5D=-1&filter%5Bquery%5D=${encodeURIComponent('{"status":0}')}`,
    token,
  });
  await send({
    name: 'my purchases, filter that is not JSON',
    url: '/v1/purchase/getmypurchase?filter%5Bquery%5D=abc',
    token,
    invalid: true,
  });
  await send({
    name: 'my purchases, bad sort',
    url: '/v1/purchase/getmypurchase?sort%5Bprice%5D=5',
    token,
    invalid: true,
  });
  await send({
    name: 'my purchases, empty filter',
    url: '/v1/purchase/getmypurchase?filter%5Bquery%5D=',
    token,
  });
  await send({
    name: 'my purchases, bad limit',
    url: '/v1/purchase/getmypurchase?limit=11',
    token,
    invalid: true,
  });
  await send({ name: 'my transactions', url: '/v1/transaction/getUserTransaction', token });
  await send({ name: 'holdings', url: '/v1/purchase/holdings', token });
  await send({ name: 'affiliate earnings', url: '/v1/affiliate-earning/get', token });
  await send({ name: 'affiliate summary', url: '/v1/affiliate-earning/summary', token });
  await send({
    name: 'a purchase that is not mine',
    url: `/v1/purchase/${crypto.randomUUID()}`,
    token,
  });

  // Uploads: the ticket, then the bytes.
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAen63NgAAAAASUVORK5CYII=',
    'base64',
  );
  const ticketBody = { fileName: 'receipt.png', contentType: 'image/png', size: PNG.length };
  for (const [name, change] of [
    ['upload, too large', { size: 10 * 1024 * 1024 + 1 }],
    ['upload, size as text', { size: '77' }],
    ['upload, size true', { size: true }],
    ['upload, wrong type', { contentType: 'text/html' }],
  ] as const)
    await send({
      name,
      method: 'POST',
      url: '/v1/upload-file',
      body: { ...ticketBody, ...change },
      invalid: true,
    });
  const ticket = await send({
    name: 'upload ticket',
    method: 'POST',
    url: '/v1/upload-file',
    body: ticketBody,
  });
  const upload = new URL(String(ticket.json().data!.url));
  // Prism's proxy forwards a binary body re-encoded as text (every byte over 0x7f grows), so the
  // bytes go straight to the API; Prism still checks the status and answer of a signed URL it
  // does proxy (a second PUT to the same URL).
  const direct = await fetch(upload, {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: PNG,
  });
  if (direct.status !== 200) disagreements.push(`upload bytes: ${direct.status}`);
  await send({
    name: 'upload bytes again',
    method: 'PUT',
    url: upload.pathname + upload.search,
    raw: { type: 'image/png', bytes: PNG },
  });
  await send({
    name: 'download the file',
    url: new URL(String(ticket.json().data!.url)).pathname + '?op=get&exp=1&sig=' + '0'.repeat(64),
  });

  // Orders.
  const banks = await send({ name: 'banks again', url: '/v1/bank/getBankDetailsByCurrency/AUD' });
  const bankId = String((banks.json().data as unknown as { _id: string }[])[0]?._id ?? '');
  const order = {
    investmentAmount: '100',
    currency: 'AUD',
    userCurrency: 'AUD',
    userAmount: '100',
    bankId,
  };
  await send({
    name: 'bank order, bad amount',
    method: 'POST',
    url: '/v1/purchase/bank-order',
    token,
    body: { ...order, userAmount: '1.2.3' },
    invalid: true,
  });
  await send({
    name: 'bank order, bad requestId',
    method: 'POST',
    url: '/v1/purchase/bank-order',
    token,
    body: { ...order, requestId: 'abc' },
    invalid: true,
  });
  const made = await send({
    name: 'bank order',
    method: 'POST',
    url: '/v1/purchase/bank-order',
    token,
    body: { ...order, requestId: crypto.randomUUID() },
  });
  const purchaseId = String((made.json().data!.purchase as { _id: string })._id);
  await send({ name: 'my order', url: `/v1/purchase/${purchaseId}`, token });
  await send({
    name: 'receipt PDF before acceptance',
    url: `/v1/purchase/${purchaseId}/receipt.pdf`,
    token,
  });
  await send({
    name: 'crypto order, bad currency',
    method: 'POST',
    url: '/v1/purchase/add-crypto',
    token,
    body: { investmentAmount: '0.05', currency: 'BTC' },
    invalid: true,
  });
  await send({
    name: 'crypto order, lower-case eth',
    method: 'POST',
    url: '/v1/purchase/add-crypto',
    token,
    body: { investmentAmount: '0.05', currency: 'eth' },
  });

  // Staff.
  await send({ name: 'admin route as a buyer', url: '/v1/admin/stats', token });
  const totp = new OTPAuth.TOTP({ secret: TOTP_SECRET }).generate();
  const staff = await send({
    name: 'staff login',
    method: 'POST',
    url: '/v1/auth/login',
    body: { ...ADMIN, totp },
  });
  const admin = (staff.json().data!.tokens as { access: { token: string } }).access.token;
  for (const url of [
    '/v1/admin/stats',
    '/v1/admin/purchases?status=0&page=1',
    '/v1/admin/transactions',
    '/v1/admin/unmatched-payments',
    '/v1/admin/banks',
    '/v1/admin/settings',
    '/v1/admin/currency-rates',
    '/v1/admin/users',
    '/v1/admin/payouts',
    '/v1/admin/payouts/preview?tier=1',
    '/v1/admin/audit-log',
  ])
    await send({ name: 'staff read', url, token: admin });
  await send({
    name: 'staff list, status 5',
    url: '/v1/admin/purchases?status=5',
    token: admin,
    invalid: true,
  });
  await send({
    name: 'review status 5',
    method: 'POST',
    url: `/v1/admin/purchases/${purchaseId}/status`,
    token: admin,
    body: { status: 5 },
    invalid: true,
  });
  await send({
    name: 'review status as text',
    method: 'POST',
    url: `/v1/admin/purchases/${purchaseId}/status`,
    token: admin,
    body: { status: '3', remark: 'probe' },
  });
  await send({
    name: 'settings, minimum as letters',
    method: 'PUT',
    url: '/v1/admin/settings',
    token: admin,
    body: { minPurchaseAud: 'abc' },
    invalid: true,
  });
  await send({
    name: 'settings, negative minimum',
    method: 'PUT',
    url: '/v1/admin/settings',
    token: admin,
    body: { minPurchaseAud: -5 },
    invalid: true,
  });
  await send({
    name: 'settings, zero token price',
    method: 'PUT',
    url: '/v1/admin/settings',
    token: admin,
    body: { tokenPriceAud: '0.00' },
    invalid: true,
  });
  await send({
    name: 'settings, minimum with spaces',
    method: 'PUT',
    url: '/v1/admin/settings',
    token: admin,
    body: { minPurchaseAud: ' 50.00 ' },
  });
  await send({
    name: 'rates, negative rate',
    method: 'PUT',
    url: '/v1/admin/currency-rates',
    token: admin,
    body: { rates: { USD: '-0.65' } },
    invalid: true,
  });
  await send({
    name: 'rates, negative rate as a number',
    method: 'PUT',
    url: '/v1/admin/currency-rates',
    token: admin,
    body: { rates: { USD: -0.65 } },
    invalid: true,
  });
  await send({
    name: 'rates',
    method: 'PUT',
    url: '/v1/admin/currency-rates',
    token: admin,
    body: { rates: { USD: '0.65' } },
  });
  await send({
    name: 'staff list, filter that is not JSON',
    url: '/v1/admin/transactions?filter%5Bquery%5D=%7Bbad',
    token: admin,
    invalid: true,
  });
  await send({
    name: 'settings, lower-case symbol',
    method: 'PUT',
    url: '/v1/admin/settings',
    token: admin,
    body: { tokenSymbol: 'tmc' },
  });
  const batch = await send({
    name: 'payout batch',
    method: 'POST',
    url: '/v1/admin/payouts',
    token: admin,
    body: { tier: 1 },
  });
  const batchId = String(
    (batch.json().data as { _id?: string } | null)?._id ?? crypto.randomUUID(),
  );
  await send({ name: 'payout CSV', url: `/v1/admin/payouts/${batchId}/csv`, token: admin });
  await send({ name: 'payout batch', url: `/v1/admin/payouts/${batchId}`, token: admin });
  await send({
    name: 'logout',
    method: 'POST',
    url: '/v1/auth/logout',
    body: { refreshToken: tokens.refresh.token },
  });
};

try {
  await run();
} finally {
  await stop();
}
const statuses = [...totals.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
console.log(`${probes} requests through Prism (statuses ${statuses.join(', ')})`);
if (disagreements.length) {
  console.log(`${disagreements.length} disagreements with the document:`);
  for (const d of disagreements) console.log(`- ${d}`);
  process.exitCode = 1;
} else console.log('no disagreement: every status, answer and request rule matches the document');
