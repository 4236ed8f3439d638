import { formatDate } from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { escapeHtml } from '../../identity/auth/service.ts';

/**
 * Mails that tell a clinician about something the agency (or a reference giver) did. Composed like the
 * password-reset and reference-request mails: plain text plus a small HTML part, written to the mail
 * outbox in the transaction of the change (so a refused change mails nothing) and sent by the outbox
 * worker (SMTP when set, retried until the server takes it).
 */

/** The agency's display name, from MAIL_FROM ('TRS Healthcare <no-reply@...>'). */
export function agencyName(ctx: AppContext): string {
  const m = /^\s*"?([^"<]+?)"?\s*</.exec(ctx.env.MAIL_FROM);
  return m ? m[1]!.trim() : 'TRS Healthcare';
}

/** The address used in mailed links. */
export function publicBase(ctx: AppContext): string {
  return (ctx.env.PUBLIC_URL ?? `http://${ctx.env.HOST}:${ctx.env.PORT}`).replace(/\/$/, '');
}

export interface Recipient {
  email: string;
  firstName: string;
}

export interface PlacementInfo {
  profession: string;
  specialty: string;
  facilityName: string;
  city: string;
  state: string;
}

const jobTitle = (p: PlacementInfo) => `${p.profession} - ${p.specialty}`;
const where = (p: PlacementInfo) => `${p.facilityName} in ${p.city}, ${p.state}`;

async function send(
  ctx: AppContext,
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
export function deliverSoon(ctx: AppContext): void {
  ctx.background(() => ctx.mailer.deliverPending());
}

export async function offerReceivedMail(
  ctx: AppContext,
  tx: DbOrTx,
  to: Recipient,
  p: PlacementInfo & { submissionId: number },
) {
  await send(ctx, tx, to, {
    kind: 'offer-received',
    subject: `You received an offer: ${jobTitle(p)} at ${p.facilityName}`,
    lines: [
      `Good news: ${agencyName(ctx)} has an offer for you for the ${jobTitle(p)} assignment at ${where(p)}.`,
      'Your recruiter will follow up with the contract. You can see the offer under Submissions & Offers.',
    ],
    link: `${publicBase(ctx)}/submitted-jobs#offer-${p.submissionId}`,
    linkText: 'View your offer',
    meta: { submissionId: p.submissionId },
  });
}

export async function contractReadyMail(
  ctx: AppContext,
  tx: DbOrTx,
  to: Recipient,
  p: PlacementInfo & { contractId: number; contractNum: string; startDate: string; endDate: string },
) {
  await send(ctx, tx, to, {
    kind: 'contract-ready',
    subject: `Your contract is ready to sign: ${jobTitle(p)} at ${p.facilityName}`,
    lines: [
      `Your travel assignment contract #${p.contractNum} for ${jobTitle(p)} at ${where(p)} (${formatDate(p.startDate)} - ${formatDate(p.endDate)}) is ready to sign.`,
      'Review it and sign it electronically in the portal.',
    ],
    link: `${publicBase(ctx)}/submitted-jobs#contract-${p.contractId}`,
    linkText: 'Review and sign your contract',
    meta: { contractId: p.contractId, contractNum: p.contractNum },
  });
}

export async function payPeriodLockedMail(
  ctx: AppContext,
  tx: DbOrTx,
  to: Recipient,
  p: {
    timesheetId: number;
    contractNum: string;
    facilityName: string;
    startDate: string;
    endDate: string;
    approved: boolean;
  },
) {
  const period = `${formatDate(p.startDate)} - ${formatDate(p.endDate)}`;
  await send(ctx, tx, to, {
    kind: 'pay-period-locked',
    subject: p.approved ? `Your time for ${period} was approved` : `Pay period ${period} is locked`,
    lines: [
      p.approved
        ? `${agencyName(ctx)} approved the time you submitted for the pay period ${period} (contract #${p.contractNum}, ${p.facilityName}). The period is now locked.`
        : `The pay period ${period} of contract #${p.contractNum} (${p.facilityName}) is now locked: its time entries can no longer be changed.`,
      'If something is wrong, contact your recruiter.',
    ],
    link: `${publicBase(ctx)}/timesheet`,
    linkText: 'View your timesheets',
    meta: { timesheetId: p.timesheetId, approved: p.approved },
  });
}

export async function payPeriodReopenedMail(
  ctx: AppContext,
  tx: DbOrTx,
  to: Recipient,
  p: { timesheetId: number; contractNum: string; facilityName: string; startDate: string; endDate: string },
) {
  const period = `${formatDate(p.startDate)} - ${formatDate(p.endDate)}`;
  await send(ctx, tx, to, {
    kind: 'pay-period-reopened',
    subject: `Please review your time for ${period}`,
    lines: [
      `${agencyName(ctx)} reopened the pay period ${period} of contract #${p.contractNum} (${p.facilityName}) so you can correct your time entries.`,
      'Review the entries and submit the pay period again.',
    ],
    link: `${publicBase(ctx)}/timesheet`,
    linkText: 'Open your timesheets',
    meta: { timesheetId: p.timesheetId },
  });
}

export async function referenceAnsweredMail(
  ctx: AppContext,
  tx: DbOrTx,
  to: Recipient,
  p: { referenceId: number; referenceName: string; facilityName: string },
) {
  await send(ctx, tx, to, {
    kind: 'reference-answered',
    subject: `${p.referenceName} returned your reference`,
    lines: [
      `${p.referenceName} (${p.facilityName}) completed the clinical reference you asked for. Thank you for arranging it.`,
      'You can see the status of your references on your profile.',
    ],
    link: `${publicBase(ctx)}/profile-page`,
    linkText: 'View your profile',
    meta: { referenceId: p.referenceId },
  });
}
