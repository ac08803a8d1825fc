import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { messages, securityMessages } from '@tmc/shared';
import { freshIp, RESET_SUBJECT, verifiedUser } from './auth-helpers.ts';
import { useMailedApp, type Mailbox, type ApiClient } from './app-helpers.ts';
import type { Db } from '../src/db/client.ts';
import { sql } from 'drizzle-orm';

let app: FastifyInstance, db: Db, box: Mailbox, client: ApiClient;

useMailedApp((t) => ({ app, db, box, client } = t));

const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

it('an address takes exactly 10 wrong reset codes a day: the 10th answers that the mailbox must be proven and mails the link', async () => {
  const { email } = await verifiedUser(app, box);
  const answers = [];
  // Two codes of 5 tries each, from a new client address every time.
  for (let round = 0; round < 2; round++) {
    await db.execute(
      sql`update otp_codes set created_at = now() - interval '2 minutes' where email = ${email}`,
    );
    expect((await client.post('/v1/auth/forgetPasswordOTP', { email })).statusCode).toBe(200);
    const code = await box.nextCode(email, RESET_SUBJECT);
    for (let t = 0; t < 5; t++)
      answers.push(
        await client.post(
          '/v1/auth/forgetOTPVerfication',
          { email, otp: otherThan(code) },
          { ip: freshIp() },
        ),
      );
  }
  expect(answers).toHaveLength(10);
  expect(answers.slice(0, 9).map((r) => r.json().message)).toEqual(
    Array<string>(9).fill(messages.invalidCode),
  );
  expect(answers[9]!.statusCode).toBe(400);
  expect(answers[9]!.json().message).toBe(securityMessages.mailboxProofNeeded);
  const proof = await box.next(email, /Too many wrong TMC codes/);
  expect(proof.text).toMatch(/\/mailbox-proof#token=[\w-]+/);
});
