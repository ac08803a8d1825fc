import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server for the site under test; each message lands as JSON in `dir` for the tests. */
export async function startMailCatcher(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void PostalMime.parse(Buffer.concat(chunks)).then((parsed) => {
          const mail: CaughtMail = {
            to: session.envelope.rcptTo.map((r) => r.address).join(', '),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? '',
          };
          // Written aside and renamed, so a test in another process never reads half a message.
          const file = path.join(dir, `${String(++n).padStart(5, '0')}.json`);
          fs.writeFileSync(`${file}.part`, JSON.stringify(mail));
          fs.renameSync(`${file}.part`, file);
          done();
        }, done);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Waits for the newest message to `to` whose text matches `pattern`, and returns the match. */
export async function waitForMail(dir: string, to: string, pattern: RegExp, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse();
    for (const f of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as CaughtMail;
      const match = mail.to.includes(to) ? pattern.exec(mail.text) : null;
      if (match) return { mail, match };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}
