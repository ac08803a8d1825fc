import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface SinkMessage {
  /** Envelope recipients, joined with ", " (one address in practice). */
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, ready for SMTP_URL. */
  url: string;
  port: number;
  messages: SinkMessage[];
  /** The first message (already received or yet to come) that matches, or a rejection after `timeoutMs`. */
  waitFor(predicate?: (m: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  stop(): Promise<void>;
}

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** A real SMTP server on loopback that keeps every message it is given (port 0: a free one). */
export async function startSmtpSink(opts: { port?: number } = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const listeners = new Set<(m: SinkMessage) => void>();

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData: (stream, session, callback) => {
      readAll(stream)
        .then(async (raw) => {
          const email = await PostalMime.parse(raw);
          const message: SinkMessage = {
            to: session.envelope.rcptTo.map((a) => a.address).join(', '),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: email.subject ?? '',
            text: email.text ?? '',
            html: email.html ?? '',
            raw: raw.toString('utf8'),
          };
          messages.push(message);
          for (const listener of listeners) listener(message);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(predicate = () => true, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const listener = (m: SinkMessage) => {
          if (!predicate(m)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(m);
        };
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(
            new Error(`no matching e-mail within ${timeoutMs} ms (${messages.length} received)`),
          );
        }, timeoutMs);
        listeners.add(listener);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
