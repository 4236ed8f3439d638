import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../src/modules/platform/events/webhooks.ts';

export interface Received {
  eventId: number;
  type: string;
  userId: number | null;
  signatureOk: boolean;
  attempt: number;
}

/** A local webhook receiver on 127.0.0.1: records what arrives; `failNext`/`mode` simulate outages. */
export class TestReceiver {
  received: Received[] = [];
  mode: 'ok' | 'fail' = 'ok';
  /** Event ids answered 500 once before being accepted. */
  failOnce = new Set<number>();
  secret = '';
  /** Answer after this many milliseconds (a slow receiver). */
  delayMs = 0;
  private server: Server | null = null;
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void setTimeout(respond, this.delayMs));
      const respond = () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const parsed = JSON.parse(body) as { id: number; type: string; userId: number | null };
        if (this.mode === 'fail' || this.failOnce.delete(parsed.id)) {
          res.statusCode = 503;
          return res.end('down');
        }
        this.received.push({
          eventId: parsed.id,
          type: parsed.type,
          userId: parsed.userId,
          signatureOk: verifySignature(
            this.secret,
            body,
            String(req.headers['x-hcp-signature'] ?? ''),
            Math.floor(Date.now() / 1000),
            10 ** 9,
          ),
          attempt: Number(req.headers['x-hcp-delivery-attempt']),
        });
        res.statusCode = 204;
        res.end();
      };
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  get url() {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}
