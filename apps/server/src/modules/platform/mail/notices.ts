import type { DbOrTx } from '../../../db/client.ts';
import { escapeHtml } from '../../../lib/safe-text.ts';
import type { PlatformContext } from '../platform-context.ts';

/**
 * The shape of the mails that tell a clinician about something the agency (or a reference giver) did; each
 * module writes its own notices with it (placements/notices.ts, the reference form's answered mail). Composed
 * like the password-reset and reference-request mails: plain text plus a small HTML part, written to the mail
 * outbox in the transaction of the change (so a refused change mails nothing) and sent by the outbox worker
 * (SMTP when set, retried until the server takes it).
 */

/** The agency's display name, from MAIL_FROM ('TRS Healthcare <no-reply@...>'). */
export function agencyName(ctx: PlatformContext): string {
  const m = /^\s*"?([^"<]+?)"?\s*</.exec(ctx.env.MAIL_FROM);
  return m ? m[1]!.trim() : 'TRS Healthcare';
}

/** The address used in mailed links. */
export function publicBase(ctx: PlatformContext): string {
  return (ctx.env.PUBLIC_URL ?? `http://${ctx.env.HOST}:${ctx.env.PORT}`).replace(/\/$/, '');
}

export interface Recipient {
  email: string;
  firstName: string;
}

/**
 * Queues a notice to a clinician in the caller's transaction: the lines as plain text and as a small HTML part
 * with the link, signed with the agency's name.
 */
export async function queueNotice(
  ctx: PlatformContext,
  tx: DbOrTx,
  to: Recipient,
  m: { kind: string; subject: string; lines: string[]; link: string; linkText: string; meta: Record<string, unknown> },
) {
  const agency = agencyName(ctx);
  const text = `Hello ${to.firstName},\n\n${m.lines.join('\n')}\n\n${m.linkText}:\n${m.link}\n\n${agency}\n`;
  const html =
    `<p>Hello ${escapeHtml(to.firstName)},</p>` +
    m.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.linkText)}</a></p><p>${escapeHtml(agency)}</p>`;
  await ctx.mailer.queue(
    { to: to.email, subject: m.subject, kind: m.kind, text, html, meta: { ...m.meta, link: m.link } },
    tx,
  );
}

/**
 * Nudges the outbox after the transaction that queued mail committed, so it goes out at once; the
 * background loop sends (and retries) it anyway.
 */
export function deliverSoon(ctx: PlatformContext): void {
  ctx.background(() => ctx.mailer.deliverPending());
}
