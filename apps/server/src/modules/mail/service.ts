import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import * as repo from './repository.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for ('password-reset', 'reference-request', ...), for the outbox page and tests. */
  kind: string;
  meta?: Record<string, unknown>;
}

/**
 * Every mail is written to the outbox table first (inside the caller's transaction when given one);
 * with SMTP_URL set, a delivery pass sends unsent rows and marks them.
 */
export class Mailer {
  private transport: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  async queue(mail: OutgoingMail, tx: DbOrTx = this.db): Promise<void> {
    await repo.insertMail(tx, {
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      kind: mail.kind,
      meta: mail.meta ?? null,
    });
  }

  /** Sends what is waiting; a no-op without SMTP (the outbox is then the delivery). */
  async deliverPending(): Promise<number> {
    if (!this.transport) return 0;
    const rows = await repo.unsentMail(this.db);
    for (const row of rows) {
      try {
        await this.transport.sendMail({
          from: this.from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
        });
        await repo.markSent(this.db, row.id, null);
      } catch (e) {
        this.log.warn({ mailId: row.id, err: (e as Error).message }, 'mail delivery failed');
        await repo.markSent(this.db, row.id, (e as Error).message.slice(0, 500));
      }
    }
    return rows.length;
  }

  get smtpEnabled(): boolean {
    return this.transport !== null;
  }
}
