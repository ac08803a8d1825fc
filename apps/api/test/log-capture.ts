import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { loggerOptions } from '../src/lib/logger.ts';

/** A logger built with the app's own options (test config, level info) whose lines land in `lines`. */
export function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const log = pino(
    loggerOptions(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), stream),
    stream,
  );
  return { log, lines };
}
