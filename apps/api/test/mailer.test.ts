import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import { createMailer, MAX_MAIL_ATTEMPTS, startMailWorker } from '../src/lib/mailer/mailer.ts';
import { FOOTER, renderMail } from '../src/lib/mailer/templates.ts';
import { getPostgresTestDatabase, resetDatabase } from './db.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

let db: Db;
let sink: SmtpSink;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-mailer-'));

const config = (over: { smtpUrl?: string; production?: boolean; dataDir?: string } = {}) => ({
  smtpUrl: undefined,
  mailFrom: 'TMC Presale <no-reply@tmc.local>',
  dataDir,
  production: false,
  ...over,
});

const rowFor = async (to: string) => {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return row!;
};

beforeAll(async () => {
  // Two copies delivering at once only race for real on PostgreSQL (FOR UPDATE SKIP LOCKED).
  const database = await getPostgresTestDatabase();
  await resetDatabase(database);
  db = database.db;
  sink = await startSmtpSink();
});

afterAll(async () => {
  await sink.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('templates', () => {
  test('every kind renders a subject, text and branded html', () => {
    const all = [
      renderMail({ kind: 'verifyEmail', code: '1234' }),
      renderMail({ kind: 'resetPassword', code: '5678' }),
      renderMail({ kind: 'welcome', name: 'Ada' }),
      renderMail({ kind: 'passwordChanged', name: 'Ada' }),
    ];
    for (const mail of all) {
      expect(mail.subject).toMatch(/TMC/);
      expect(mail.text).toContain(FOOTER);
      expect(mail.html).toContain(FOOTER);
      expect(mail.html).toContain('#0b0b14');
      expect(mail.html).toContain('#d4ff3a');
    }
    expect(all[0]!.subject).toBe('Your TMC verification code');
    expect(all[1]!.text).toContain('5678');
  });

  test('the welcome e-mail promises nothing and asks nobody to share a link they do not have', () => {
    const { text } = renderMail({ kind: 'welcome', name: 'Ada' });
    expect(text).not.toMatch(/moon/i);
    expect(text).not.toContain('share your referral link');
    expect(text).toContain('Join the affiliate programme from your profile');
  });

  test('the Accepted e-mail names the tokens and links the order', () => {
    const { text } = renderMail({
      kind: 'purchaseDecision',
      name: 'Ada',
      reference: 'TMC-ABC234',
      status: 'Accepted',
      investmentAmount: '100.00',
      tokenAmount: '5000.00',
      tokenSymbol: 'TMC',
      orderUrl: 'https://tmc.example/presale-requests/p-1',
      remark: null,
    });
    expect(text).toContain('TMC-ABC234 of A$100.00 for 5,000.00 TMC');
    expect(text).toContain('Your 5,000.00 TMC are allocated to you.');
    expect(text).toContain('See your order: https://tmc.example/presale-requests/p-1');
  });

  test('interpolated values are escaped in html', () => {
    const mail = renderMail({ kind: 'welcome', name: '<script>alert("x")</script> & co' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(mail.text).toContain('<script>alert("x")</script> & co');
  });
});

describe('SMTP', () => {
  test('a verification code reaches the mail server, branded, and is marked sent', async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      config: config({ smtpUrl: sink.url }),
      db,
      log: (l) => lines.push(l),
    });
    await mailer.send('ada@example.com', { kind: 'verifyEmail', code: '4821' });

    const mail = await sink.waitFor((m) => m.to === 'ada@example.com');
    expect(mail.subject).toBe('Your TMC verification code');
    expect(mail.from).toBe('no-reply@tmc.local');
    expect(mail.text).toContain('4821');
    // The address is not proven yet: no requester-chosen name.
    expect(mail.text).toContain('Hi there,');
    expect(mail.html).toContain('4821');
    expect(mail.html).toContain('>TMC<');
    expect(mail.html).toContain('#d4ff3a');
    expect(mail.html).toContain(FOOTER);

    const row = await rowFor('ada@example.com');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
    expect(lines.join('\n')).not.toContain('4821');
    await mailer.close();
  });

  test('a mail with a code keeps only its metadata once sent; other mail keeps its body', async () => {
    const mailer = createMailer({ config: config({ smtpUrl: sink.url }), db, log: () => {} });
    await mailer.send('coded@example.com', { kind: 'verifyEmail', code: '5902' });
    await mailer.send('plain@example.com', { kind: 'welcome', name: 'Ada' });
    expect((await sink.waitFor((m) => m.to === 'coded@example.com')).text).toContain('5902');
    const coded = await rowFor('coded@example.com');
    expect(coded).toMatchObject({
      to: 'coded@example.com',
      kind: 'verifyEmail',
      subject: 'Your TMC verification code',
      text: '',
      html: '',
      sentAt: expect.any(Date),
    });
    const plain = await rowFor('plain@example.com');
    expect(plain).toMatchObject({ kind: 'welcome', secret: false, sentAt: expect.any(Date) });
    expect(plain.text).toContain('Your e-mail is verified');
    await mailer.close();
  });

  test('a name with markup arrives escaped', async () => {
    const mailer = createMailer({ config: config({ smtpUrl: sink.url }), db, log: () => {} });
    await mailer.send('mallory@example.com', {
      kind: 'welcome',
      name: '<script>alert(1)</script>',
    });
    const mail = await sink.waitFor((m) => m.to === 'mallory@example.com');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    await mailer.close();
  });

  test('a dead mail server: send resolves, the row waits, and deliverDue sends it later', async () => {
    const dead = await startSmtpSink();
    await dead.stop();
    const lines: string[] = [];
    const mailer = createMailer({
      config: config({ smtpUrl: dead.url }),
      db,
      log: (l) => lines.push(l),
    });

    const before = Date.now();
    await expect(
      mailer.send('late@example.com', { kind: 'resetPassword', code: '7391' }),
    ).resolves.toBeUndefined();
    let row = await rowFor('late@example.com');
    expect(row.sentAt).toBeNull();
    // Kept until it is sent: the retry needs it.
    expect(row.text).toContain('7391');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeTruthy();
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(before + 30_000);
    expect(lines.some((l) => l.includes('failed'))).toBe(true);
    expect(lines.join('\n')).not.toContain('7391');

    // Not due yet.
    expect(await mailer.deliverDue()).toBe(0);

    const revived = await startSmtpSink({ port: dead.port });
    try {
      await db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(mailOutbox.id, row.id));
      expect(await mailer.deliverDue()).toBe(1);
      const mail = await revived.waitFor((m) => m.to === 'late@example.com');
      expect(mail.text).toContain('7391');
      row = await rowFor('late@example.com');
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.text + row.html).not.toContain('7391');
      expect(row.attempts).toBe(2);
      expect(row.lastError).toBeNull();
      expect(await mailer.deliverDue()).toBe(0);
    } finally {
      await revived.stop();
      await mailer.close();
    }
  });

  test(`gives up after ${MAX_MAIL_ATTEMPTS} attempts`, async () => {
    const dead = await startSmtpSink();
    await dead.stop();
    const mailer = createMailer({ config: config({ smtpUrl: dead.url }), db, log: () => {} });
    const [row] = await db
      .insert(mailOutbox)
      .values({
        to: 'never@example.com',
        subject: 's',
        text: 't',
        html: 'h',
        attempts: MAX_MAIL_ATTEMPTS - 1,
      })
      .returning();
    expect(await mailer.deliverDue()).toBe(0);
    expect((await rowFor('never@example.com')).attempts).toBe(MAX_MAIL_ATTEMPTS);
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 hour'` })
      .where(eq(mailOutbox.id, row!.id));
    expect(await mailer.deliverDue()).toBe(0);
    expect((await rowFor('never@example.com')).attempts).toBe(MAX_MAIL_ATTEMPTS);
    await mailer.close();
  });

  test('two copies delivering at once send a stored message only once', async () => {
    const a = createMailer({ config: config({ smtpUrl: sink.url }), db, log: () => {} });
    const b = createMailer({ config: config({ smtpUrl: sink.url }), db, log: () => {} });
    await db
      .insert(mailOutbox)
      .values({ to: 'once@example.com', subject: 'Once', text: 'once', html: '<p>once</p>' });
    const [sentA, sentB] = await Promise.all([a.deliverDue(), b.deliverDue()]);
    expect(sentA + sentB).toBe(1);
    await sink.waitFor((m) => m.to === 'once@example.com');
    await new Promise((r) => setTimeout(r, 100));
    expect(sink.messages.filter((m) => m.to === 'once@example.com')).toHaveLength(1);
    await Promise.all([a.close(), b.close()]);
  });
});

describe('dev outbox', () => {
  test('writes an .eml file and prints the code outside production', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-outbox-'));
    const lines: string[] = [];
    const mailer = createMailer({
      config: config({ dataDir: dir }),
      db,
      log: (l) => lines.push(l),
    });
    await mailer.send('bob@example.com', { kind: 'verifyEmail', code: '2468' });

    const files = fs.readdirSync(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(dir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('Subject: Your TMC verification code');
    expect(eml).toContain('To: bob@example.com');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[outbox\] .*bob@example\.com.*2468.*\.eml\)$/);
    expect((await rowFor('bob@example.com')).sentAt).toBeInstanceOf(Date);
    await mailer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('never prints a code in production', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tmc-outbox-'));
    const lines: string[] = [];
    const mailer = createMailer({
      config: config({ dataDir: dir, production: true }),
      db,
      log: (l) => lines.push(l),
    });
    await mailer.send('carol@example.com', { kind: 'resetPassword', code: '1357' });
    expect(fs.readdirSync(path.join(dir, 'outbox'))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('1357');
    await mailer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

test('the mail worker calls deliverDue on its interval until stopped', async () => {
  const deliverDue = vi.fn(() => Promise.resolve(0));
  const stop = startMailWorker({ deliverDue }, 10);
  await vi.waitFor(() => expect(deliverDue.mock.calls.length).toBeGreaterThanOrEqual(2));
  stop();
  const calls = deliverDue.mock.calls.length;
  await new Promise((r) => setTimeout(r, 50));
  expect(deliverDue.mock.calls.length).toBe(calls);
});

test('the mail worker keeps its rounds going through rounds that fail (database down)', async () => {
  const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
    code: 'ECONNREFUSED',
  });
  const deliverDue = vi
    .fn<() => Promise<number>>()
    .mockRejectedValueOnce(down)
    .mockRejectedValueOnce(down)
    .mockResolvedValue(1);
  const onError = vi.fn();
  const stop = startMailWorker({ deliverDue }, 10, onError);
  await vi.waitFor(() => expect(deliverDue.mock.calls.length).toBeGreaterThanOrEqual(3));
  stop();
  expect(onError.mock.calls).toEqual([[down], [down]]);
});
