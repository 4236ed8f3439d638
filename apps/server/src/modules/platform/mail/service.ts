import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { enqueueDeliveries } from '../outbox/queue.ts';
import * as repo from './repository.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for ('password-reset', 'reference-request', ...), for the outbox page and tests. */
  kind: string;
  meta?: Record<string, unknown>;
  /**
   * Names the mail so that queueing it again (a retried request) adds nothing, e.g. 'offer-received:42'.
   * Default: every call is a new mail.
   */
  idempotencyKey?: string;
}

/** Runs one pass of the outbox worker (bound in app.ts): answers how many deliveries went out. */
export type DeliverPass = () => Promise<{ sent: number }>;

/**
 * Every mail is written to the mail table and queued in the one outbox (modules/outbox), inside the
 * caller's transaction when given one. The outbox worker sends it by SMTP (when SMTP_URL is set),
 * retrying with backoff until the server takes it; without SMTP the mail table (/dev/outbox) is the delivery.
 */
export class Mailer {
  private transport: Transporter | null;
  private readonly messageIdDomain: string;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly deliver: DeliverPass = async () => ({ sent: 0 }),
  ) {
    // Short network timeouts: a send must end well inside the worker's 60-second lease.
    this.transport = smtpUrl
      ? nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : null;
    this.messageIdDomain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'hcp-portal.invalid';
  }

  async queue(mail: OutgoingMail, tx?: DbOrTx): Promise<void> {
    // The mail and its outbox row exist together or not at all.
    if (!tx) return this.db.transaction((own) => this.queue(mail, own));
    const row = await repo.insertMail(tx, {
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      kind: mail.kind,
      meta: mail.meta ?? null,
    });
    // The Message-ID is fixed here, so every attempt (and a resend after a crash) carries the same one.
    const messageId = `<${randomUUID()}@${this.messageIdDomain}>`;
    const added = await enqueueDeliveries(tx, [
      { kind: 'mail', idempotencyKey: mail.idempotencyKey ?? `mail:${row.id}`, payload: { mailId: row.id, messageId } },
    ]);
    if (added.length === 0) await repo.deleteMail(tx, row.id);
  }

  /**
   * Sends what is due now (call it after the transaction that queued mail committed); the background
   * loop sends it anyway within seconds, and retries what fails.
   */
  async deliverPending(): Promise<number> {
    return (await this.deliver()).sent;
  }

  /** One SMTP attempt; throws nodemailer's error (with responseCode and permanent when the server answered). */
  async transmit(mail: repo.MailRow, messageId: string): Promise<{ responseCode: number | null }> {
    if (!this.transport) throw new Error('SMTP is not configured');
    const info = (await this.transport.sendMail({
      from: this.from,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody ?? undefined,
      messageId,
    })) as { response?: string };
    const code = Number(/^\d{3}/.exec(info.response ?? '')?.[0]);
    this.log.debug({ mailId: mail.id }, 'mail sent');
    return { responseCode: Number.isFinite(code) ? code : null };
  }

  get smtpEnabled(): boolean {
    return this.transport !== null;
  }
}
