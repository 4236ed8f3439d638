import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  messageId: string | null;
  subject: string | null;
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 for the tests (smtp-server, in this process): records every message
 * it accepts. It can be stopped and started again on the same port (an SMTP outage), and can refuse
 * recipients with a given reply (`refuse`), as a mail server does for an unknown mailbox.
 */
export class SmtpSink {
  received: ReceivedMail[] = [];
  /** While set, every recipient is refused with this reply code and text. */
  refuse: { code: number; message: string } | null = null;
  port = 0;
  private server: SMTPServer | null = null;

  /** Starts listening (on the same port as before after a stop); a no-op while running. */
  async start(port = this.port): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      logger: false,
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onRcptTo: (address, _session, callback) => {
        if (!this.refuse) return callback();
        const err = new Error(this.refuse.message.replace('%s', address.address)) as Error & { responseCode: number };
        err.responseCode = this.refuse.code;
        callback(err);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const header = (name: string) =>
            new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0]!)?.[1]?.trim() ?? null;
          this.received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            messageId: header('Message-ID'),
            subject: header('Subject'),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  /** Stops accepting connections (the port refuses until start() again). */
  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    for (const c of s.connections) c.close();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Messages to one address. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase()));
  }
}

/** Polls `check` until it holds or the deadline passes (no fixed sleeps in assertions). */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
  stepMs = 25,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
