import { BaseError } from 'viem';

/**
 * Runs a dev command's `main`: a failure prints `<name>: <message>` (a chain error's short
 * message), plus the usage after a bad flag, and sets exit code 1.
 */
export async function runCli(name: string, usage: string, main: () => Promise<void>) {
  try {
    await main();
  } catch (error) {
    const message =
      error instanceof BaseError
        ? error.shortMessage
        : error instanceof Error
          ? error.message
          : String(error);
    console.error(`${name}: ${message}`);
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) console.error(`\n${usage}`);
    process.exitCode = 1;
  }
}
