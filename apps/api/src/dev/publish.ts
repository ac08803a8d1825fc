import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { devChainFilePath, readDevChainFile } from './dev-chain.ts';
import { DevPublishError, publishSafeBatch, type SafeBatchFile } from './publish-distribution.ts';
import { runCli } from './run-cli.ts';

const USAGE = `Publishes a distribution on the embedded dev chain as the Safe would: proposes its root,
funds the shortfall and accepts it, from dev account #0 (the distributor's owner there).

Usage: npm run dev:publish -- --distribution <id> [--api <url>] [--token <staff access token>]
       npm run dev:publish -- --file <safe-tx.json>

  --distribution  the draft's id (Distributions page); its safe-tx.json is read from the running
                  site with a staff access token (--token or TMC_STAFF_TOKEN)
  --api           the site's URL (default http://localhost:3000)
  --file          a safe-tx.json downloaded from the console, instead of --distribution
  --data-dir      where the running dev chain wrote dev-chain.json (default: DATA_DIR or <repo>/data)`;

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

async function main() {
  const { values } = parseArgs({
    options: {
      distribution: { type: 'string' },
      api: { type: 'string', default: 'http://localhost:3000' },
      token: { type: 'string' },
      file: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return console.log(USAGE);
  const base = process.env.INIT_CWD ?? process.cwd();
  const dir = values['data-dir'] ?? process.env.DATA_DIR;
  const dataDir = dir ? path.resolve(base, dir) : path.join(repoRoot, 'data');
  const running = await readDevChainFile(dataDir);
  if (!running?.delivery)
    throw new DevPublishError(
      `No dev chain with a distributor is running: ${devChainFilePath(dataDir)} names none. Start the site first (npm start).`,
    );

  let batch: SafeBatchFile;
  if (values.file) {
    batch = JSON.parse(await readFile(path.resolve(base, values.file), 'utf8')) as SafeBatchFile;
  } else if (values.distribution) {
    const token = values.token ?? process.env.TMC_STAFF_TOKEN;
    if (!token)
      throw new DevPublishError('--token (or TMC_STAFF_TOKEN) is needed with --distribution');
    const url = `${values.api.replace(/\/$/, '')}/v1/admin/distributions/${encodeURIComponent(values.distribution)}/safe-tx.json`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new DevPublishError(`${url} answered ${res.status}: ${await res.text()}`);
    batch = (await res.json()) as SafeBatchFile;
  } else {
    throw new DevPublishError('--distribution <id> or --file <safe-tx.json> is required');
  }

  const hashes = await publishSafeBatch({
    rpcUrl: running.rpcUrl,
    chainId: running.chainId,
    distributor: running.delivery.distributorAddress,
    batch,
  });
  console.log(`Proposed, funded and accepted on ${running.rpcUrl}:`);
  for (const hash of hashes) console.log(`  ${hash}`);
  console.log('The site marks the distribution accepted once its watcher reads these blocks.');
}

await runCli('dev:publish', USAGE, main);
