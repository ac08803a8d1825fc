import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { mailOutbox, type MailAttachment } from '../../db/schema/index.ts';
import { safeError } from '../safe-error.ts';
import { codeOf, renderMail, type MailTemplate } from './templates.ts';

export interface Mailer {
  /** Stores the message, then tries it at once; a failing mail server only delays it (never throws for that). */
  send(to: string, template: MailTemplate): Promise<void>;
  /** Delivers stored messages whose retry time has come; returns how many went out. */
  deliverDue(limit?: number): Promise<number>;
  close(): Promise<void>;
}

export const MAX_MAIL_ATTEMPTS = 8;

/** A claimed row is left alone this long; well above the SMTP timeouts, so only a crashed copy lets it lapse. */
const LEASE_SECONDS = 180;

/** 1, 2, 4 … 64 minutes after attempts 1 to 7. */
const retryDelaySeconds = (attempts: number) => Math.min(60 * 2 ** (attempts - 1), 6 * 3600);

const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

type OutboxRow = typeof mailOutbox.$inferSelect;

/** A code must not outlive its delivery in the database: the body goes, the metadata stays. */
const clearedIfSecret = (row: OutboxRow) => (row.secret ? { text: '', html: '' } : {});

interface Transport {
  /** Resolves with the written file for the dev outbox. */
  deliver(row: OutboxRow): Promise<string | undefined>;
  close(): void;
}

function createTransport(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Transport {
  const message = (row: OutboxRow) => ({
    from: config.mailFrom,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    attachments: row.attachments ?? undefined,
  });

  if (config.smtpUrl) {
    // Short timeouts: the first attempt runs inside a request, and a stuck server must not hold it.
    const smtp = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      deliver: async (row) => {
        await smtp.sendMail(message(row));
        return undefined;
      },
      close: () => smtp.close(),
    };
  }

  const dir = path.join(config.dataDir, 'outbox');
  const stream = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    deliver: async (row) => {
      const info = await stream.sendMail(message(row));
      await fs.promises.mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${row.id}.eml`,
      );
      await fs.promises.writeFile(file, info.message as Buffer);
      return file;
    },
    close: () => stream.close(),
  };
}

/**
 * Every e-mail goes through the `mail_outbox` table: SMTP when `SMTP_URL` is set, otherwise
 * `.eml` files in `DATA_DIR/outbox` (and, outside production, the code printed via `log`).
 */
export function createMailer({
  config,
  db,
  log,
}: {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'production'>;
  db: Db;
  log: (line: string) => void;
}): Mailer {
  const transport = createTransport(config);

  /** Delivers one claimed row and records the outcome; true when it went out. */
  async function attempt(row: OutboxRow, code?: string): Promise<boolean> {
    const attempts = row.attempts + 1;
    let file: string | undefined;
    try {
      file = await transport.deliver(row);
    } catch (err) {
      // The server's answer only: never the message body, which may hold a code.
      const reason = safeError(err).message;
      const retry = attempts < MAX_MAIL_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          attempts,
          lastError: reason.slice(0, 500),
          nextAttemptAt: retry ? secondsFromNow(retryDelaySeconds(attempts)) : sql`now()`,
          ...(retry ? {} : clearedIfSecret(row)),
        })
        .where(eq(mailOutbox.id, row.id));
      log(
        `[mail] delivery of message ${row.id} failed (attempt ${attempts} of ${MAX_MAIL_ATTEMPTS}): ${reason}` +
          (retry ? '; it will be retried' : '; giving up'),
      );
      return false;
    }
    await db
      .update(mailOutbox)
      .set({ attempts, sentAt: sql`now()`, lastError: null, ...clearedIfSecret(row) })
      .where(eq(mailOutbox.id, row.id));
    if (file && !config.production) {
      const relative = path.relative(process.cwd(), file);
      const where = relative.startsWith('..') ? file : relative;
      log(`[outbox] "${row.subject}" to ${row.to}${code ? `, code ${code}` : ''} (${where})`);
    }
    return true;
  }

  return {
    async send(to, template) {
      const mail = renderMail(template);
      // Leased from the start, so a worker on another copy does not pick it up while it is tried here.
      const [row] = await db
        .insert(mailOutbox)
        .values({ to, ...mail, nextAttemptAt: secondsFromNow(LEASE_SECONDS) })
        .returning();
      await attempt(row!, codeOf(template));
    },

    async deliverDue(limit = 20) {
      const claimed = await db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(mailOutbox)
          .where(
            and(
              isNull(mailOutbox.sentAt),
              lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS),
              lte(mailOutbox.nextAttemptAt, sql`now()`),
            ),
          )
          .orderBy(asc(mailOutbox.nextAttemptAt))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length)
          await tx
            .update(mailOutbox)
            .set({ nextAttemptAt: secondsFromNow(LEASE_SECONDS) })
            .where(
              inArray(
                mailOutbox.id,
                due.map((r) => r.id),
              ),
            );
        return due;
      });
      // Delivered outside the transaction: no row lock is held while a mail server answers.
      let sent = 0;
      for (const row of claimed) if (await attempt(row)) sent += 1;
      return sent;
    },

    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}

/**
 * Stores a message in the caller's database transaction, so it exists only if that transaction
 * commits (no e-mail about an acceptance that was rolled back). It goes out with the next
 * `deliverDue`: the caller's, right after the commit, or the worker's.
 */
export async function queueMail(
  tx: Tx,
  to: string,
  template: MailTemplate,
  attachments?: MailAttachment[],
) {
  await queueMails(tx, [{ to, template, attachments }]);
}

/** Rows per statement when many messages are stored at once (a root's proof e-mails). */
const MAILS_PER_INSERT = 1_000;

/** {@link queueMail} for many messages: stored a thousand rows to a statement, not one by one. */
export async function queueMails(
  tx: Tx,
  mails: { to: string; template: MailTemplate; attachments?: MailAttachment[] | undefined }[],
) {
  for (let i = 0; i < mails.length; i += MAILS_PER_INSERT)
    await tx
      .insert(mailOutbox)
      .values(
        mails
          .slice(i, i + MAILS_PER_INSERT)
          .map(({ to, template, attachments }) => ({ to, ...renderMail(template), attachments })),
      );
}

/** Retries stored mail every `intervalMs` (safe on every copy: rows are claimed). Returns a stop function. */
export function startMailWorker(
  mailer: Pick<Mailer, 'deliverDue'>,
  intervalMs: number,
  onError: (err: unknown) => void = (err) =>
    console.error('[mail] retrying stored mail failed:', JSON.stringify(safeError(err))),
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    mailer
      .deliverDue()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
