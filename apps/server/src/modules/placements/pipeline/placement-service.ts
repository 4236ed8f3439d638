import { and, eq, type SQL } from 'drizzle-orm';
import {
  addCalendarDays,
  calendarDaysBetween,
  parseCalendarDate,
  weekdayOf,
  type AgencyContract,
  type AgencySubmission,
  type ContractTermsInput,
  type CreateContractRequest,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import type { StoredFileStream } from '../../../lib/storage.ts';
import { deliverSoon } from '../../platform/index.ts';
import * as contractsRepo from '../contracts/repository.ts';
import { ContractService } from '../contracts/service.ts';
import { contractReadyMail, offerReceivedMail } from '../notices.ts';
import { contracts, submissions, type ContractTerms } from '../schema.ts';
import * as timesheetsRepo from '../timesheets/repository.ts';
import { toAgencyPayPeriod } from '../timesheets/service.ts';
import * as p from './placements.ts';
import * as repo from './repository.ts';

/**
 * The agency's moves along the placement pipeline (docs/decisions/0030-placement-life-and-lists.md, 0040, 0041):
 *
 *   submission submitted -> offered (offer extended) -> contract draft -> sent (signable) -> signed by the
 *   clinician (stage onboarding) -> onboarding complete -> working (assignment started) -> completed (ended),
 *   or closed / cancelled on the way.
 *
 * Each move runs in one transaction on the rows it reads FOR UPDATE, checks the state and answers a 409
 * with a stable code when the move is not allowed, changing nothing. Mails to the clinician are queued in
 * the same transaction. The API (modules/agency) and the command line (ops/cli.ts) both call this.
 */

type Tx = DbOrTx;
const MAX_CONTRACT_DAYS = 2 * 366;
const MAX_PAY_PERIOD_WEEKS = 104;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function invalid(field: string, message: string) {
  return new AppError(400, 'validation_failed', `${field}: ${message}`, [{ field, message }]);
}

/** A real calendar date (checked again here: the moves are also called from the command line). */
function realDate(value: string, field: string): string {
  if (!parseCalendarDate(value)) throw invalid(field, 'Not a real date');
  return value;
}
const daysBetween = calendarDaysBetween;
const sundayOnOrBefore = (date: string) => addCalendarDays(date, -weekdayOf(date));

export function toAgencySubmission(r: repo.SubmissionRow): AgencySubmission {
  return {
    submissionId: r.submissionId,
    status: r.submissionStatus as AgencySubmission['status'],
    createdAt: r.requestDate.toISOString(),
    updatedAt: r.submissionUpdatedAt.toISOString(),
    clinician: { userId: r.userId, firstName: r.userFirstName, lastName: r.userLastName, email: r.userEmail },
    job: {
      jobId: r.jobId,
      externalId: r.jobExternalId,
      facilityName: r.facilityName,
      city: r.city,
      state: r.state,
      profession: r.profession,
      specialty: r.specialty,
    },
    desiredStartDate: r.desiredStartDate,
    requestedTimeOff: r.requestedTimeOff ?? [],
    bestContactTime: r.bestContactTime,
    otherRequests: r.otherRequests,
    offer:
      r.offerId === null ? null : { offerId: r.offerId, status: r.offerStatus!, createdAt: r.offerDate!.toISOString() },
    contract:
      r.contractId === null
        ? null
        : { contractId: r.contractId, contractNum: r.contractNum!, status: r.contractStatus!, stage: r.contractStage! },
  };
}

export function toAgencyContract(
  r: repo.ContractRow,
  periods: Awaited<ReturnType<typeof timesheetsRepo.payPeriodsOf>>,
): AgencyContract {
  return {
    contractId: r.contractId,
    contractNum: r.contractNum,
    status: r.contractStatus as AgencyContract['status'],
    stage: r.contractStage as AgencyContract['stage'],
    submissionId: r.submissionId,
    offerId: r.offerId,
    clinician: { userId: r.userId, firstName: r.signerFirstName, lastName: r.signerLastName, email: r.signerEmail },
    job: {
      jobId: r.jobId,
      externalId: r.jobExternalId,
      facilityName: r.facilityName,
      city: r.city,
      state: r.state,
      profession: r.profession,
      specialty: r.specialty,
    },
    startDate: r.contractStart,
    endDate: r.contractEnd,
    terms: r.terms,
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
    signedAt: iso(r.signedAt),
    onboardingCompletedAt: iso(r.onboardingCompletedAt),
    startedAt: iso(r.startedAt),
    endedAt: iso(r.endedAt),
    documentUrl: `/core/api/agency/contracts/${r.contractId}/document`,
    payPeriods: periods.filter((x) => x.contractId === r.contractId).map(toAgencyPayPeriod),
  };
}

/** The contract row as the checks need it. */
type ContractDbRow = NonNullable<Awaited<ReturnType<typeof repo.lockContract>>>;

function assertNotClosed(c: ContractDbRow) {
  if (c.stage === 'cancelled') throw conflict('contract_cancelled', `Contract ${c.contractNum} is cancelled.`);
  if (c.stage === 'completed')
    throw conflict('assignment_completed', `The assignment of contract ${c.contractNum} has already ended.`);
}

/** Terms and dates of a contract: `base` (the job's or the contract's) with the agency's changes applied. */
function applyTerms(
  base: { terms: ContractTerms; startDate: string; endDate: string },
  input: ContractTermsInput,
): { terms: ContractTerms; startDate: string; endDate: string } {
  const terms: ContractTerms = { ...base.terms };
  if (input.shift !== undefined) {
    const [spw, hps] = input.shift.split('x').map(Number) as [number, number];
    terms.shift = input.shift;
    terms.shiftsPerWeek = spw;
    terms.hoursPerShift = hps;
    terms.guaranteedHoursPerWeek = Math.round(spw * hps);
  }
  for (const k of [
    'guaranteedHoursPerWeek',
    'hourlyRate',
    'overTimeRate',
    'onCallRate',
    'callBackRate',
    'premiumRate',
    'weeklyMeals',
    'weeklyLodging',
    'grossWeeklyPay',
    'cancellationNoticeDays',
  ] as const) {
    const v = input[k];
    if (v !== undefined) terms[k] = v;
  }
  if (input.bonuses !== undefined) terms.bonuses = input.bonuses;
  if (input.unit !== undefined) terms.unit = input.unit || null;
  const startDate = realDate(input.startDate ?? base.startDate, 'startDate');
  // Moving only the start keeps the length of the contract.
  const endDate =
    input.endDate !== undefined
      ? realDate(input.endDate, 'endDate')
      : input.startDate !== undefined
        ? addCalendarDays(startDate, daysBetween(base.startDate, base.endDate))
        : base.endDate;
  if (endDate < startDate) throw invalid('endDate', 'The end date must not be before the start date');
  if (daysBetween(startDate, endDate) > MAX_CONTRACT_DAYS)
    throw invalid('endDate', 'A contract may last at most two years');
  return { terms, startDate, endDate };
}

export class PlacementService {
  constructor(private readonly ctx: AppContext) {}

  // ---- reads

  async listSubmissions(q: { after: number; limit: number; userId?: number; status?: string }) {
    const where = and(
      q.userId !== undefined ? eq(submissions.userId, q.userId) : undefined,
      q.status !== undefined ? eq(submissions.status, q.status) : undefined,
    );
    const rows = await repo.submissionRowsAfter(this.ctx.db, q.after, q.limit, where);
    return {
      items: rows.map(toAgencySubmission),
      nextAfter: rows.length === q.limit ? rows[rows.length - 1]!.submissionId : null,
    };
  }

  async submission(submissionId: number, db: Tx = this.ctx.db): Promise<AgencySubmission> {
    const row = await repo.submissionById(db, submissionId);
    if (!row) throw notFound('Submission');
    return toAgencySubmission(row);
  }

  async listContracts(q: { after: number; limit: number; userId?: number; stage?: string; status?: string }) {
    const where: SQL | undefined = and(
      q.userId !== undefined ? eq(contracts.userId, q.userId) : undefined,
      q.stage !== undefined ? eq(contracts.stage, q.stage) : undefined,
      q.status !== undefined ? eq(contracts.status, q.status) : undefined,
    );
    const rows = await repo.contractRowsAfter(this.ctx.db, q.after, q.limit, where);
    const periods = await timesheetsRepo.payPeriodsOf(
      this.ctx.db,
      rows.map((r) => r.contractId),
    );
    return {
      items: rows.map((r) => toAgencyContract(r, periods)),
      nextAfter: rows.length === q.limit ? rows[rows.length - 1]!.contractId : null,
    };
  }

  async contract(contractId: number, db: Tx = this.ctx.db): Promise<AgencyContract> {
    const row = await repo.contractById(db, contractId);
    if (!row) throw notFound('Contract');
    return toAgencyContract(row, await timesheetsRepo.payPeriodsOf(db, [contractId]));
  }

  /** The contract PDF as the clinician sees it now (the signed copy with its audit page once signed). */
  async contractDocument(contractId: number): Promise<{ pdf: Uint8Array | StoredFileStream; fileName: string }> {
    const row = await repo.contractById(this.ctx.db, contractId);
    if (!row) throw notFound('Contract');
    const suffix = row.contractStatus === 'signed' ? '-signed' : '';
    const pdf = await new ContractService(this.ctx).currentPdfFile(row);
    return { pdf, fileName: `contract-${row.contractNum}${suffix}.pdf` };
  }

  // ---- submissions and offers

  /** submitted -> offered: extends the offer and mails the clinician. */
  async offer(submissionId: number): Promise<AgencySubmission> {
    return this.change(async (tx, now) => {
      const s = await repo.lockSubmission(tx, submissionId);
      if (!s) throw notFound('Submission');
      if (s.offer)
        throw conflict('offer_exists', `Submission ${submissionId} already has an offer (${s.offer.status}).`);
      if (s.status !== 'submitted')
        throw conflict(
          'submission_not_open',
          `Submission ${submissionId} is ${s.status}: only a submitted application can receive an offer.`,
        );
      await p.extendOffer(tx, submissionId, now);
      const row = (await repo.submissionById(tx, submissionId))!;
      await offerReceivedMail(
        this.ctx,
        tx,
        { email: row.userEmail, firstName: row.userFirstName },
        { ...row, submissionId },
      );
      return toAgencySubmission(row);
    });
  }

  /**
   * Closes a submission that is still open or offered: declined (by the agency or facility), withdrawn (by
   * the clinician) or closed (job filled). Its extended offer ends (declined when withdrawn, else rescinded)
   * and an unsigned contract is voided. A signed contract is cancelled with /contracts/{id}/cancel instead.
   */
  async closeSubmission(submissionId: number, status: 'declined' | 'withdrawn' | 'closed'): Promise<AgencySubmission> {
    return this.change(async (tx, now) => {
      const s = await repo.lockSubmission(tx, submissionId);
      if (!s) throw notFound('Submission');
      if (!['submitted', 'offered'].includes(s.status))
        throw conflict('submission_closed', `Submission ${submissionId} is already ${s.status}.`);
      if (s.contract?.status === 'signed')
        throw conflict(
          'contract_signed',
          `The contract of submission ${submissionId} is signed: cancel or end the contract instead.`,
        );
      await repo.setSubmissionStatus(tx, submissionId, status, now);
      if (s.offer?.status === 'extended')
        await repo.setOfferStatus(tx, s.offer.id, status === 'withdrawn' ? 'declined' : 'rescinded', now);
      if (s.contract && s.contract.status !== 'void')
        await contractsRepo.updateContract(tx, s.contract.id, { status: 'void', stage: 'cancelled', updatedAt: now });
      return this.submission(submissionId, tx);
    });
  }

  // ---- contracts

  /** Draws up the contract of an offered submission from the job's terms and the agency's changes. */
  async createContract(submissionId: number, input: CreateContractRequest): Promise<AgencyContract> {
    const { send, ...termsInput } = input;
    return this.change(async (tx, now) => {
      const s = await repo.lockSubmission(tx, submissionId);
      if (!s) throw notFound('Submission');
      if (!s.offer) {
        if (s.status === 'submitted')
          throw conflict('offer_required', `Submission ${submissionId} has no offer yet: extend an offer first.`);
        throw conflict('submission_not_open', `Submission ${submissionId} is ${s.status}.`);
      }
      if (s.contract)
        throw conflict(
          'contract_exists',
          `Submission ${submissionId} already has contract ${s.contract.id} (${s.contract.status}).`,
        );
      if (s.offer.status !== 'extended')
        throw conflict('offer_not_open', `The offer of submission ${submissionId} is ${s.offer.status}.`);
      const job = await p.termsFromJob(tx, s.jobId);
      const { durationWeeks, startDate: jobStart, ...jobTerms } = job;
      const start = s.desiredStartDate ?? jobStart;
      const t = applyTerms(
        { terms: jobTerms, startDate: start, endDate: addCalendarDays(start, durationWeeks * 7 - 1) },
        termsInput,
      );
      const created = await p.createContract(tx, {
        userId: s.userId,
        jobId: s.jobId,
        offerId: s.offer.id,
        status: send ? 'sent' : 'draft',
        stage: 'offer',
        startDate: t.startDate,
        endDate: t.endDate,
        terms: t.terms,
        sentAt: send ? now : null,
        at: now,
      });
      const out = await this.contract(created.id, tx);
      if (send) await this.mailContractReady(tx, out);
      return out;
    });
  }

  /** Changes terms or dates until the contract is signed; a sent contract goes back to draft (send it again). */
  async updateContract(contractId: number, input: ContractTermsInput): Promise<AgencyContract> {
    return this.change(async (tx, now) => {
      const c = await this.lockedContract(tx, contractId);
      if (c.status === 'signed')
        throw conflict('contract_already_signed', `Contract ${c.contractNum} is signed and can no longer be changed.`);
      if (c.status === 'void') throw conflict('contract_void', `Contract ${c.contractNum} is void.`);
      const t = applyTerms({ terms: c.terms, startDate: c.startDate, endDate: c.endDate }, input);
      await contractsRepo.updateContract(tx, contractId, {
        terms: t.terms,
        startDate: t.startDate,
        endDate: t.endDate,
        status: 'draft',
        sentAt: null,
        updatedAt: now,
      });
      return this.contract(contractId, tx);
    });
  }

  /** draft -> sent: the clinician can sign it now; mails them. */
  async sendContract(contractId: number): Promise<AgencyContract> {
    return this.change(async (tx, now) => {
      const c = await this.lockedContract(tx, contractId);
      if (c.status === 'signed')
        throw conflict('contract_already_signed', `Contract ${c.contractNum} is already signed.`);
      if (c.status === 'void') throw conflict('contract_void', `Contract ${c.contractNum} is void.`);
      if (c.status === 'sent')
        throw conflict('contract_already_sent', `Contract ${c.contractNum} has already been sent.`);
      assertNotClosed(c);
      await contractsRepo.updateContract(tx, contractId, { status: 'sent', sentAt: now, updatedAt: now });
      const out = await this.contract(contractId, tx);
      await this.mailContractReady(tx, out);
      return out;
    });
  }

  /** Records that onboarding (credentials, checks) is done; needs the signature. */
  async completeOnboarding(contractId: number): Promise<AgencyContract> {
    return this.change(async (tx, now) => {
      const c = await this.lockedContract(tx, contractId);
      assertNotClosed(c);
      if (c.status !== 'signed')
        throw conflict(
          'contract_not_signed',
          `Contract ${c.contractNum} is not signed yet: onboarding completes after the signature.`,
        );
      if (c.onboardingCompletedAt)
        throw conflict('onboarding_already_complete', `Onboarding of contract ${c.contractNum} is already complete.`);
      await contractsRepo.updateContract(tx, contractId, { onboardingCompletedAt: now, updatedAt: now });
      return this.contract(contractId, tx);
    });
  }

  /** onboarding -> working: the assignment starts (signed contract, onboarding complete). */
  async startAssignment(contractId: number): Promise<AgencyContract> {
    return this.change(async (tx, now) => {
      const c = await this.lockedContract(tx, contractId);
      assertNotClosed(c);
      if (c.stage === 'working')
        throw conflict(
          'assignment_already_started',
          `The assignment of contract ${c.contractNum} has already started.`,
        );
      if (c.status !== 'signed')
        throw conflict(
          'contract_not_signed',
          `Contract ${c.contractNum} is not signed: the assignment cannot start before the signature.`,
        );
      if (!c.onboardingCompletedAt)
        throw conflict('onboarding_incomplete', `Onboarding of contract ${c.contractNum} is not complete yet.`);
      await contractsRepo.updateContract(tx, contractId, { stage: 'working', startedAt: now, updatedAt: now });
      return this.contract(contractId, tx);
    });
  }

  /** working -> completed, optionally on another end date; empty open periods after it are removed. */
  async endAssignment(contractId: number, input: { endDate?: string }): Promise<AgencyContract> {
    return this.change(async (tx, now) => {
      const c = await this.lockedContract(tx, contractId);
      assertNotClosed(c);
      if (c.stage !== 'working')
        throw conflict('assignment_not_started', `The assignment of contract ${c.contractNum} has not started.`);
      const endDate = input.endDate ? realDate(input.endDate, 'endDate') : c.endDate;
      if (endDate < c.startDate) throw invalid('endDate', 'The end date must not be before the start date');
      await contractsRepo.updateContract(tx, contractId, { stage: 'completed', endDate, endedAt: now, updatedAt: now });
      await timesheetsRepo.removeEmptyOpenPeriodsAfter(tx, contractId, endDate);
      return this.contract(contractId, tx);
    });
  }

  /** Cancels a placement before its assignment starts; an unsigned contract becomes void. */
  async cancelContract(contractId: number): Promise<AgencyContract> {
    return this.change(async (tx, now) => {
      const c = await this.lockedContract(tx, contractId);
      assertNotClosed(c);
      if (c.stage === 'working')
        throw conflict(
          'assignment_started',
          `The assignment of contract ${c.contractNum} has started: end it instead.`,
        );
      await contractsRepo.updateContract(tx, contractId, {
        stage: 'cancelled',
        status: c.status === 'signed' ? 'signed' : 'void',
        updatedAt: now,
      });
      if (c.status !== 'signed' && c.offerId !== null) {
        const [sub] = await repo.offerSubmission(tx, c.offerId);
        if (sub) {
          await repo.setOfferStatus(tx, c.offerId, 'rescinded', now);
          await repo.setSubmissionStatus(tx, sub.submissionId, 'closed', now);
        }
      }
      return this.contract(contractId, tx);
    });
  }

  /**
   * Weekly pay periods (Sunday to Saturday) covering `from` to `through` (defaults: after the last period,
   * or the contract start, to the contract end). Weeks that have one already are left as they are.
   */
  async createPayPeriods(contractId: number, input: { from?: string; through?: string }) {
    return this.change(async (tx) => {
      const c = await this.lockedContract(tx, contractId);
      if (c.stage === 'cancelled') throw conflict('contract_cancelled', `Contract ${c.contractNum} is cancelled.`);
      if (c.status !== 'signed')
        throw conflict(
          'contract_not_signed',
          `Contract ${c.contractNum} is not signed: pay periods come after the signature.`,
        );
      const existing = await timesheetsRepo.payPeriodsOf(tx, [contractId]);
      const last = existing.at(-1);
      const from = input.from ? realDate(input.from, 'from') : last ? addCalendarDays(last.endDate, 1) : c.startDate;
      const through = input.through ? realDate(input.through, 'through') : c.endDate;
      // Defaults that leave nothing to cover (every week has its period) are not an error.
      if (through < from && !input.from && !input.through) return { contractId, created: [], existing: 0 };
      if (through < from) throw invalid('through', 'Nothing to create: through is before from');
      const first = sundayOnOrBefore(from);
      const weeks = Math.floor(daysBetween(first, through) / 7) + 1;
      if (weeks > MAX_PAY_PERIOD_WEEKS) throw invalid('through', `At most ${MAX_PAY_PERIOD_WEEKS} weeks per call`);
      const created = await p.createPayPeriods(tx, contractId, first, weeks);
      const after = await timesheetsRepo.payPeriodsOf(tx, [contractId]);
      const ids = new Set(created.map((x) => x.id));
      return {
        contractId,
        created: after.filter((x) => ids.has(x.id)).map(toAgencyPayPeriod),
        existing: weeks - created.length,
      };
    });
  }

  // ---- helpers

  private async lockedContract(tx: Tx, contractId: number): Promise<ContractDbRow> {
    const c = await repo.lockContract(tx, contractId);
    if (!c) throw notFound('Contract');
    return c;
  }

  private async mailContractReady(tx: Tx, c: AgencyContract) {
    const row = (await repo.contractById(tx, c.contractId))!;
    await contractReadyMail(
      this.ctx,
      tx,
      { email: c.clinician.email, firstName: c.clinician.firstName },
      {
        ...row,
        contractId: c.contractId,
        contractNum: c.contractNum,
        startDate: c.startDate,
        endDate: c.endDate,
      },
    );
  }

  /** One transaction for a move; queued mails go out after it commits. */
  private async change<T>(move: (tx: Tx, now: Date) => Promise<T>): Promise<T> {
    const out = await this.ctx.db.transaction((tx) => move(tx, this.ctx.now()));
    deliverSoon(this.ctx);
    return out;
  }
}
