import { formatDate, jobTitle } from '@hcp/contracts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { agencyName, publicBase, queueNotice, type Recipient } from '../platform/index.ts';

/** The mails that tell a clinician their placement moved: an offer, a contract to sign, a pay period locked or reopened. */

export interface PlacementInfo {
  profession: string;
  specialty: string;
  facilityName: string;
  city: string;
  state: string;
}

const titleOf = (p: PlacementInfo) => jobTitle(p.profession, p.specialty);
const where = (p: PlacementInfo) => `${p.facilityName} in ${p.city}, ${p.state}`;

export async function offerReceivedMail(
  ctx: AppContext,
  tx: DbOrTx,
  to: Recipient,
  p: PlacementInfo & { submissionId: number },
) {
  await queueNotice(ctx, tx, to, {
    kind: 'offer-received',
    subject: `You received an offer: ${titleOf(p)} at ${p.facilityName}`,
    lines: [
      `Good news: ${agencyName(ctx)} has an offer for you for the ${titleOf(p)} assignment at ${where(p)}.`,
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
  await queueNotice(ctx, tx, to, {
    kind: 'contract-ready',
    subject: `Your contract is ready to sign: ${titleOf(p)} at ${p.facilityName}`,
    lines: [
      `Your travel assignment contract #${p.contractNum} for ${titleOf(p)} at ${where(p)} (${formatDate(p.startDate)} - ${formatDate(p.endDate)}) is ready to sign.`,
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
  await queueNotice(ctx, tx, to, {
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
  await queueNotice(ctx, tx, to, {
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
