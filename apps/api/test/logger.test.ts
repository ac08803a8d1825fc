import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { censorSecrets, loggerOptions, quietRequestLog } from '../src/lib/logger.ts';
import { captureLog } from './log-capture.ts';
import { buildTestApp } from './test-app.ts';

describe('censorSecrets', () => {
  it('censors every secret field of an object one level down, and only those', () => {
    const line = {
      body: { email: 'a@example.com', password: 'hunter22', otp: '123456', code: '654321' },
      tokens: { resetToken: 'r', refreshToken: 'f', kind: 'reset' },
      msg: 'x',
    };
    expect(censorSecrets(line)).toEqual({
      body: {
        email: 'a@example.com',
        password: '[Redacted]',
        otp: '[Redacted]',
        code: '[Redacted]',
      },
      tokens: { resetToken: '[Redacted]', refreshToken: '[Redacted]', kind: 'reset' },
      msg: 'x',
    });
    expect(line.body.password).toBe('hunter22');
  });

  it('returns a line without secrets as it is', () => {
    const line = { req: { method: 'GET', url: '/v1/presale/config' }, responseTime: 1.5 };
    expect(censorSecrets(line)).toBe(line);
  });

  it("keeps an error's code, which is what an operator needs", () => {
    const err = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(censorSecrets({ err })).toEqual({ err });
  });
});

it('a log line written through the options carries no secret and no query string', () => {
  const { log, lines } = captureLog();
  log.info(
    { req: { method: 'POST', url: '/v1/auth/verify?token=abc', id: '1' }, body: { otp: '482913' } },
    'verifying',
  );
  expect(lines).toHaveLength(1);
  expect(lines[0]).not.toContain('482913');
  expect(lines[0]).not.toContain('token=abc');
  expect(JSON.parse(lines[0]!)).toMatchObject({
    req: { method: 'POST', url: '/v1/auth/verify' },
    body: { otp: '[Redacted]' },
  });
});

describe('bufferedStdout', () => {
  /** A process that logs `lines` lines through the buffer, then does `then`; its stdout. */
  function logThenRun(lines: number, then: string) {
    const script = `
      import pino from 'pino';
      import { bufferedStdout } from './src/lib/logger.ts';
      const log = pino(bufferedStdout());
      for (let i = 0; i < ${lines}; i++) log.info({ i }, 'line');
      ${then}
    `;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const numbers = () =>
      output
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { i: number }).i);
    return { child, exited, numbers };
  }

  it('writes every line before the process exits, also on a fatal error', async () => {
    for (const then of ['process.exit(0)', 'throw new Error("boom")']) {
      const run = logThenRun(500, then);
      await run.exited;
      expect(run.numbers()).toEqual(Array.from({ length: 500 }, (_, i) => i));
    }
  });

  it('writes a lone line within a second or so, while the process keeps running', async () => {
    const run = logThenRun(1, 'setTimeout(() => {}, 30_000)');
    try {
      await vi.waitFor(() => expect(run.numbers()).toEqual([0]), { timeout: 5_000 });
    } finally {
      run.child.kill();
      await run.exited;
    }
  });
});

describe('request lines of the app', () => {
  it('logs each answered request once, except the public reads answered from memory and the health probes', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const { app } = await buildTestApp({ logStream, env: { LOG_LEVEL: 'info' } });
    try {
      const quiet = [
        '/v1/presale/config',
        '/v1/currency-rate/getCurrency',
        '/v1/bank/getBankDetailsByCurrency/AUD',
        '/healthz',
        '/readyz',
      ];
      for (const url of quiet) expect((await app.inject(url)).statusCode, url).toBe(200);
      expect((await app.inject('/v1/auth/me')).statusCode).toBe(401);
      const completed = lines
        .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
        .filter((line) => line.msg === 'request completed')
        .map((line) => line.req?.url);
      expect(completed).toEqual(['/v1/auth/me']);
    } finally {
      await app.close();
    }
  });
});

describe('a quiet route', () => {
  it("writes its warnings and errors with the request's id, its info lines not", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = Fastify({
      logger: loggerOptions(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), stream),
      disableRequestLogging: true,
    });
    app.get('/quiet', quietRequestLog, (req) => {
      req.log.info('not written');
      req.log.debug('not written');
      req.log.warn({ body: { password: 'hunter22' } }, 'a warning');
      req.log.child({ step: 'check' }).error(new Error('boom'), 'an error');
      req.log.fatal('a fatal line');
      return { ok: true };
    });
    try {
      const answer = await app.inject('/quiet');
      expect(answer.statusCode).toBe(200);
      const written = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(written.map((line) => line.msg)).toEqual(['a warning', 'an error', 'a fatal line']);
      const reqId = written[0]!.reqId;
      expect(reqId).toEqual(expect.any(String));
      for (const line of written) expect(line.reqId).toBe(reqId);
      expect(written[0]!.body).toEqual({ password: '[Redacted]' });
      expect(written[1]).toMatchObject({ step: 'check', err: { message: 'boom' } });
      expect(written.map((line) => line.level)).toEqual([40, 50, 60]);
    } finally {
      await app.close();
    }
  });
});
