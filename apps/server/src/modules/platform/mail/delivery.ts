import type { OutboxSender } from '../outbox/sender.ts';
import * as repo from './repository.ts';

/**
 * Sends an outbox row of kind 'mail': the mail row named by the payload, with the Message-ID fixed
 * when it was queued. SMTP reply codes 5xx are permanent refusals (dead at once, RFC 5321); 4xx and
 * network errors are retried.
 */
export const mailSender: OutboxSender = {
  kind: 'mail',
  async send(ctx, item) {
    const mail = await repo.findMail(ctx.db, Number(item.payload.mailId));
    if (!mail) return { ok: false, error: 'the mail no longer exists', permanent: true };
    // Without SMTP the mail table is the delivery (the local /dev/outbox page shows it).
    if (!ctx.mailer.smtpEnabled) return { ok: true };
    const messageId =
      typeof item.payload.messageId === 'string' ? item.payload.messageId : `<outbox-${item.id}@hcp-portal.invalid>`;
    let responseCode: number | null;
    try {
      ({ responseCode } = await ctx.mailer.transmit(mail, messageId));
    } catch (e) {
      const err = e as Error & { responseCode?: number; permanent?: boolean; code?: string };
      const statusCode = typeof err.responseCode === 'number' ? err.responseCode : null;
      return {
        ok: false,
        error: `${err.code ?? err.name}: ${err.message}`,
        statusCode,
        permanent: err.permanent === true || (statusCode !== null && statusCode >= 500),
      };
    }
    // Informative only (the outbox row is the delivery state): a failure here must not turn a sent mail into a retry.
    await repo.markMailSent(ctx.db, mail.id, ctx.now()).catch(() => {});
    return { ok: true, statusCode: responseCode };
  },
  async describe(ctx, rows) {
    const heads = await repo.mailHeadlines(
      ctx.db,
      rows.map((r) => Number(r.payload.mailId)),
    );
    const byId = new Map(heads.map((h) => [h.id, h]));
    return new Map(
      rows.map((r) => {
        const h = byId.get(Number(r.payload.mailId));
        return [r.id, h ? `mail ${h.id} ${h.kind} to ${h.toAddress}` : `mail ${String(r.payload.mailId)} (removed)`];
      }),
    );
  },
};
