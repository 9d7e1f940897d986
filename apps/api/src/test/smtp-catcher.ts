import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** Decoded text of the message (quoted-printable soft breaks undone), for assertions. */
  text: string;
}

export interface SmtpCatcher {
  url: string;
  messages: CaughtMail[];
  /** SMTP connections opened to this server so far. */
  readonly connections: number;
  /** From now on, refuses mail to `address` for good: 550, as for a mailbox that does not exist. */
  refuse(address: string): void;
  /**
   * The next `count` messages meet a connection the server is closing for idleness: their MAIL FROM is answered
   * 421 'Timeout - closing connection' and the connection closed, as when a server's idle timeout fires just as a
   * pooled connection is used again.
   */
  idleOutNext(count: number): void;
  /** Resolves with the first message to `to` (optionally matching `predicate`), waiting up to 5 s. */
  waitFor(to: string, predicate?: (mail: CaughtMail) => boolean): Promise<CaughtMail>;
  clear(): void;
  close(): Promise<void>;
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}

function decodeSubject(raw: string): string {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
    .trim();
}

/**
 * A real SMTP server on a free port (or on `port`, to bring a stopped one back) that keeps every message it
 * receives (tests read e-mailed codes here).
 */
export async function startSmtpCatcher(port = 0): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const waiters: Array<() => void> = [];
  let connections = 0;
  const refused = new Set<string>();
  let idlingOut = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onMailFrom(_address, _session, callback) {
      if (idlingOut === 0) return callback();
      idlingOut -= 1;
      // smtp-server closes the connection after any 421 it sends.
      callback(Object.assign(new Error('Timeout - closing connection'), { responseCode: 421 }));
    },
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      callback(Object.assign(new Error('El buzón no existe'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject: decodeSubject(raw),
          text: decodeQuotedPrintable(raw),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    get connections() {
      return connections;
    },
    refuse: (address) => void refused.add(address.toLowerCase()),
    idleOutNext: (count) => void (idlingOut += count),
    async waitFor(to, predicate = () => true) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = messages.find((m) => m.to.includes(to.toLowerCase()) && predicate(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No llegó ningún correo a ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    clear: () => void messages.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
