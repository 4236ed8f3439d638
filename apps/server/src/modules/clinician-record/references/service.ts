import {
  REFERENCE_OWN_ADDRESS,
  REFERENCE_REQUEST_TTL_DAYS,
  formatDate,
  localIsoDate,
  referenceFormMessages,
  referenceHistoryTypeFor,
  referenceSubmissionProblems,
  type ProfileReference,
  type ReferenceAutofill,
  type ReferenceSubmission,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { randomToken, sha256Hex } from '../../../lib/crypto.ts';
import { AppError } from '../../../lib/errors.ts';
import { mailboxKey, sameMailbox } from '../../../lib/mailbox.ts';
import { escapeHtml, plainText } from '../../../lib/safe-text.ts';
import { applicationComplete } from '../../identity/index.ts';
import { agencyName, deliverSoon, publicBase, recordEvent } from '../../platform/index.ts';
import { referenceAnsweredMail } from './answered-mail.ts';
import * as repo from './repository.ts';

const DAY_MS = 24 * 3600 * 1000;
/** 24 random bytes = 192 bits, base64url (32 characters). */
const GUID_BYTES = 24;

type RequestRow = Awaited<ReturnType<typeof repo.requestsOf>>[number];

const gone = (code: 'reference_answered' | 'reference_expired') =>
  new AppError(
    410,
    code,
    code === 'reference_answered' ? referenceFormMessages.answered : referenceFormMessages.expired,
  );
const unknownGuid = () => new AppError(404, 'reference_not_found', referenceFormMessages.unknown);

const firstOfMonth = (m: number, y: number) => `${y}-${String(m).padStart(2, '0')}-01`;

/** Clinician-typed text as it may appear in a mail to a third party: one line, cut to a length. */
const MAIL_FIELD_MAX = { name: 60, facility: 80 } as const;

/** Refused whenever the referee's address is the clinician's own mailbox (case, dots and +tags folded). */
export const OWN_ADDRESS_MESSAGE = REFERENCE_OWN_ADDRESS.message;

/** The referee's address to mail, or null without one; the clinician's own mailbox is refused (422). */
function refereeAddress(ref: repo.ReferenceDetails): string | null {
  const email = ref.refEmail?.trim().toLowerCase() || null;
  if (email && sameMailbox(email, ref.hcpEmail))
    throw new AppError(422, REFERENCE_OWN_ADDRESS.code, OWN_ADDRESS_MESSAGE, [
      { field: 'email', message: OWN_ADDRESS_MESSAGE },
    ]);
  return email;
}

/**
 * A reference was saved (the references step or the profile): its address is checked at once, and the referee is
 * asked only when the application is already submitted; before that the submission asks them.
 */
export async function referenceSaved(ctx: AppContext, tx: DbOrTx, referenceId: number): Promise<number | null> {
  const ref = await repo.referenceDetails(tx, referenceId);
  if (!ref) return null;
  refereeAddress(ref);
  if (!(await applicationComplete(tx, ref.userId))) return null;
  return ensureReferenceRequest(ctx, tx, referenceId);
}

/**
 * The application was submitted: every saved referee with an address is asked now, in the submission's
 * transaction. A referee whose mailbox reached its daily cap (other clinicians named them today) is skipped rather
 * than failing the submission; the profile shows that reference as not requested yet.
 */
export async function requestReferencesAtSubmission(ctx: AppContext, tx: DbOrTx, userId: number): Promise<void> {
  for (const referenceId of await repo.referenceIdsOf(tx, userId)) {
    try {
      await ensureReferenceRequest(ctx, tx, referenceId);
    } catch (e) {
      if (!(e instanceof AppError) || e.status !== 429) throw e;
      ctx.log.warn({ referenceId }, 'reference request over the daily cap at submission: not sent');
    }
  }
}

/**
 * The reference request lifecycle (the public reference form's server side). A referee is contacted once the
 * clinician has submitted the application, as the references step promises: saving a reference before that only
 * checks it (`referenceSaved`); the submission asks every saved referee at once (`requestReferencesAtSubmission`),
 * and a reference added or changed after it is asked when saved. Asking creates a request with a fresh guid and
 * queues the mail with the link, in the caller's transaction. A reference already answered, or with a live request
 * to the same address, gets no new one; a changed email revokes the open link and sends a new one. The link never
 * goes to the clinician's own mailbox (they would answer about themselves), and the mails are capped per clinician
 * and per referee mailbox a day: the caps count in this transaction, so a refused save neither mails nor counts.
 * Answers the new request id, or null when nothing was sent.
 */
export async function ensureReferenceRequest(ctx: AppContext, tx: DbOrTx, referenceId: number): Promise<number | null> {
  const ref = await repo.referenceDetails(tx, referenceId);
  if (!ref) return null;
  const email = refereeAddress(ref);
  if (!email) return null;
  const now = ctx.now();
  const requests = await repo.requestsOf(tx, referenceId);
  const sameAddress = requests.filter((r) => r.sentTo === email);
  if (sameAddress.some((r) => r.answeredAt)) return null;
  if (sameAddress.some((r) => !r.revokedAt && r.expiresAt > now)) return null;
  await ctx.rateLimiter.consume('referenceMailsPerClinician', String(ref.userId), tx);
  await ctx.rateLimiter.consume('referenceMailsPerAddress', mailboxKey(email), tx);
  await repo.revokeOpenRequests(tx, referenceId, now);
  const guid = randomToken(GUID_BYTES);
  const expiresAt = new Date(now.getTime() + REFERENCE_REQUEST_TTL_DAYS * DAY_MS);
  const id = await repo.insertRequest(tx, {
    referenceId,
    guidHash: sha256Hex(guid),
    sentTo: email,
    createdAt: now,
    expiresAt,
  });
  const link = `${publicBase(ctx)}/clinical-professional-reference/${guid}`;
  const agency = agencyName(ctx);
  const referee = plainText(ref.refFirstName, MAIL_FIELD_MAX.name);
  const hcp = plainText(`${ref.hcpFirstName} ${ref.hcpLastName}`, MAIL_FIELD_MAX.name);
  const facility = plainText(ref.facilityName, MAIL_FIELD_MAX.facility) || 'your facility';
  // The referee reads the deadline as US dates are written.
  const until = formatDate(localIsoDate(expiresAt));
  await ctx.mailer.queue(
    {
      to: email,
      subject: `Reference request for ${hcp} from ${agency}`,
      kind: 'reference-request',
      text:
        `Hello ${referee},\n\n${hcp} registered with ${agency} and listed you as a reference from ${facility}.\n` +
        `Hospital accreditation requires us to document the competency and performance of clinicians in contingency staff positions.\n` +
        `Please verify the employment information and evaluate the job performance on this form (about five minutes) by ${until}:\n\n${link}\n\n` +
        `The link works once and only for this reference. Thank you for your help.\n${agency}\n`,
      html:
        `<p>Hello ${escapeHtml(referee)},</p><p>${escapeHtml(hcp)} registered with ${escapeHtml(agency)} and listed you as a reference from ${escapeHtml(facility)}.</p>` +
        `<p>Hospital accreditation requires us to document the competency and performance of clinicians in contingency staff positions. Please verify the employment information and evaluate the job performance on this form by ${until}:</p>` +
        `<p><a href="${escapeHtml(link)}">Open the Clinical &amp; Professional Reference form</a></p><p>The link works once and only for this reference. Thank you for your help.<br>${escapeHtml(agency)}</p>`,
      meta: { link, referenceId },
    },
    tx,
  );
  return id;
}

/**
 * Status of each reference for the profile: from its newest request; a referee with an address who has not been
 * asked yet is waiting (for the application's submission, or skipped at the daily cap when it came).
 */
export async function referenceStatuses(
  ctx: AppContext,
  refs: { referenceId: number; email: string | null }[],
): Promise<Map<number, Pick<ProfileReference, 'answered' | 'status' | 'answeredAt'>>> {
  const rows = await repo.requestsOfMany(
    ctx.db,
    refs.map((r) => r.referenceId),
  );
  const now = ctx.now();
  const out = new Map<number, Pick<ProfileReference, 'answered' | 'status' | 'answeredAt'>>();
  for (const r of refs) {
    const mine = rows.filter((x) => x.referenceId === r.referenceId);
    const answered = mine.find((x) => x.answeredAt);
    if (answered)
      out.set(r.referenceId, { answered: true, status: 'answered', answeredAt: answered.answeredAt!.toISOString() });
    else if (!r.email) out.set(r.referenceId, { answered: false, status: 'no-email', answeredAt: null });
    else if (!mine.length) out.set(r.referenceId, { answered: false, status: 'waiting', answeredAt: null });
    else {
      const live = mine.some((x) => !x.revokedAt && x.expiresAt > now);
      out.set(r.referenceId, { answered: false, status: live ? 'requested' : 'expired', answeredAt: null });
    }
  }
  return out;
}

export class ReferenceFormService {
  constructor(private readonly ctx: AppContext) {}

  /** The live request of a guid, or the page's reason why not (404 unknown, 410 answered or expired). */
  private async liveRequest(db: DbOrTx, guid: string): Promise<RequestRow> {
    if (!/^[A-Za-z0-9_-]{16,100}$/.test(guid)) throw unknownGuid();
    const row = await repo.findRequestByHash(db, sha256Hex(guid));
    if (!row) throw unknownGuid();
    if (row.answeredAt) throw gone('reference_answered');
    if (row.revokedAt || row.expiresAt <= this.ctx.now()) throw gone('reference_expired');
    return row;
  }

  async autofill(guid: string): Promise<ReferenceAutofill> {
    const req = await this.liveRequest(this.ctx.db, guid);
    const d = await repo.referenceDetails(this.ctx.db, req.referenceId);
    if (!d) throw unknownGuid();
    const discipline = (await repo.professionName(this.ctx.db, d.professionId ?? d.userProfessionId)) ?? '';
    const specialty = (await repo.specialtyNames(this.ctx.db, d.specialtyIds)).join(', ');
    return {
      historyTypeId: referenceHistoryTypeFor(d.employmentTypeId),
      name: `${d.hcpFirstName} ${d.hcpLastName}`,
      discipline,
      specialty,
      supervisorName: `${d.refFirstName} ${d.refLastName}`,
      supervisorTitle: d.refTitle,
      facilityName: d.facilityName ?? '',
      referenceDate: localIsoDate(this.ctx.now()),
      facCityState: [d.city, d.stateAbbr].filter(Boolean).join(', '),
      evalStartDate: firstOfMonth(d.startMonth, d.startYear),
      evalEndDate: d.endMonth && d.endYear ? firstOfMonth(d.endMonth, d.endYear) : null,
      wasCharge: d.isCharge,
      unit: null,
    };
  }

  async submit(s: ReferenceSubmission): Promise<void> {
    const problems = referenceSubmissionProblems({
      ...s,
      Comments: undefined,
    } as Parameters<typeof referenceSubmissionProblems>[0]);
    // One day of slack: a reference giver east of the server may already be on tomorrow's date.
    const latest = localIsoDate(this.ctx.now(), 1);
    if (s.ReferenceDate && (s.ReferenceDate > latest || s.ReferenceDate < '1950-01-01')) problems.push('ReferenceDate');
    // Unknown, answered and expired guids answer before the form's completeness.
    await this.liveRequest(this.ctx.db, s.ReferenceGuid);
    if (problems.length)
      throw new AppError(
        422,
        'validation_failed',
        'Please complete the required fields.',
        [...new Set(problems)].map((f) => ({ field: f, message: `${f} is missing or invalid` })),
      );
    await this.ctx.db.transaction(async (tx) => {
      const req = await this.liveRequest(tx, s.ReferenceGuid);
      if (!(await repo.claimRequest(tx, req.id, this.ctx.now()))) throw gone('reference_answered');
      const t = (v: string | null | undefined) => (v ?? '').trim() || null;
      await repo.insertAnswer(tx, {
        requestId: req.id,
        referenceId: req.referenceId,
        historyTypeId: s.HistoryTypeId,
        hcpName: s.HcpName.trim(),
        hcpDiscipline: s.HcpDiscipline.trim(),
        hcpSpecialty: s.HcpSpecialty.trim(),
        wasCharge: s.WasCharge!,
        emrWorked: s.EmrWorked.trim(),
        safeCareLevel: s.SafeCareLevel,
        dependableLevel: s.DependableLevel,
        professionalLevel: s.ProfessionalLevel,
        cooperativeLevel: s.CooperativeLevel,
        communicatorLevel: s.CommunicatorLevel,
        attendanceLevel: s.AttendanceLevel,
        assetLevel: s.AssetLevel,
        comments: t(s.Comments),
        supervisorName: s.SupervisorName.trim(),
        supervisorTitle: s.SupervisorTitle.trim(),
        facilityName: s.FacilityName.trim(),
        referenceDate: s.ReferenceDate!,
        cityState: s.CityState.trim(),
        startDate: s.StartDate || null,
        endDate: s.EndDate || null,
        unit: t(s.Unit),
      });
      const ref = await repo.referenceDetails(tx, req.referenceId);
      await recordEvent(tx, {
        type: 'reference.answered',
        userId: ref?.userId ?? null,
        payload: {
          referenceId: req.referenceId,
          requestId: req.id,
          supervisorName: s.SupervisorName.trim(),
          facilityName: s.FacilityName.trim(),
          answeredAt: this.ctx.now().toISOString(),
        },
      });
      if (ref)
        await referenceAnsweredMail(
          this.ctx,
          tx,
          { email: ref.hcpEmail, firstName: ref.hcpFirstName },
          {
            referenceId: req.referenceId,
            referenceName: `${ref.refFirstName} ${ref.refLastName}`,
            facilityName: ref.facilityName ?? s.FacilityName.trim(),
          },
        );
    });
    deliverSoon(this.ctx);
  }
}
