import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatUnits, isAddress, type Address } from 'viem';
import { DEV_ACCOUNT_COUNT, FIRST_BUYER_INDEX } from './dev-accounts.ts';
import { devChainFilePath, readDevChainFile } from './dev-chain.ts';
import { runCli } from './run-cli.ts';
import {
  ChainUnreachableError,
  DevPaymentError,
  parseDevAmount,
  sendDevPayment,
  type DevPaymentCurrency,
} from './send-dev-payment.ts';

const USAGE = `Pays the company wallet on the embedded dev chain from a funded dev account.

Usage: npm run dev:pay -- --amount <amount> [--currency ETH|USDC] [--from <${FIRST_BUYER_INDEX}..${DEV_ACCOUNT_COUNT - 1}>]
                          [--to <address>] [--data-dir <dir>] [--rpc <url>] [--usdc <address>]

  --amount    amount to send, e.g. 0.05 (required)
  --currency  ETH (default) or USDC
  --from      dev account index that pays (default ${FIRST_BUYER_INDEX})
  --to        receiving address (default: the company wallet of the running dev chain)
  --data-dir  where the running dev chain wrote dev-chain.json (default: DATA_DIR or <repo>/data)
  --rpc       JSON-RPC URL, instead of the one in dev-chain.json
  --usdc      USDC contract, instead of the one in dev-chain.json`;

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** npm runs this with cwd apps/api, so relative paths mean the caller's directory (INIT_CWD). */
function resolveDataDir(flag: string | undefined): string {
  const base = process.env.INIT_CWD ?? process.cwd();
  const dir = flag ?? process.env.DATA_DIR;
  return dir ? path.resolve(base, dir) : path.join(repoRoot, 'data');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      amount: { type: 'string' },
      currency: { type: 'string', default: 'ETH' },
      from: { type: 'string', default: String(FIRST_BUYER_INDEX) },
      to: { type: 'string' },
      'data-dir': { type: 'string' },
      rpc: { type: 'string' },
      usdc: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.amount) throw new DevPaymentError('--amount is required, e.g. --amount 0.05');
  const currency = values.currency.toUpperCase();
  if (currency !== 'ETH' && currency !== 'USDC') {
    throw new DevPaymentError(`--currency must be ETH or USDC, not "${values.currency}"`);
  }
  parseDevAmount(values.amount, currency);
  const fromIndex = Number(values.from);
  if (
    !Number.isInteger(fromIndex) ||
    fromIndex < FIRST_BUYER_INDEX ||
    fromIndex >= DEV_ACCOUNT_COUNT
  ) {
    throw new DevPaymentError(
      `--from must be a buyer account index, ${FIRST_BUYER_INDEX} to ${DEV_ACCOUNT_COUNT - 1}`,
    );
  }

  const dataDir = resolveDataDir(values['data-dir']);
  const running = await readDevChainFile(dataDir);
  const rpcUrl = values.rpc ?? running?.rpcUrl;
  if (!rpcUrl) {
    throw new DevPaymentError(
      `No dev chain is running: ${devChainFilePath(dataDir)} does not exist.\n` +
        'Start the site first (npm start or npm run dev), or pass --rpc and --to.',
    );
  }
  const to = address('--to', values.to ?? running?.companyWallet);
  const usdcAddress =
    currency === 'USDC' ? address('--usdc', values.usdc ?? running?.usdcAddress) : undefined;

  try {
    const result = await sendDevPayment({
      rpcUrl,
      chainId: rpcUrl === running?.rpcUrl ? running.chainId : undefined,
      currency: currency satisfies DevPaymentCurrency,
      amount: values.amount,
      to,
      fromIndex,
      usdcAddress,
    });
    const amount = formatUnits(result.value, currency === 'ETH' ? 18 : 6);
    console.log(
      `Paid ${amount} ${currency} from dev account #${fromIndex} (${result.from}) to ${to}`,
    );
    console.log(result.hash);
    console.log(`Mined in block ${result.blockNumber}`);
  } catch (error) {
    if (error instanceof ChainUnreachableError && !values.rpc) {
      throw new ChainUnreachableError(
        `${error.message}, as ${devChainFilePath(dataDir)} says: is the site still running?`,
      );
    }
    throw error;
  }
}

function address(flag: string, value: string | undefined): Address {
  if (!value) throw new DevPaymentError(`${flag} is required (no dev chain file gives it)`);
  if (!isAddress(value)) throw new DevPaymentError(`${flag} must be a 0x address, not "${value}"`);
  return value;
}

await runCli('dev:pay', USAGE, main);
