import { and, eq } from 'drizzle-orm';
import {
  shiftCategoryName,
  type Assignment,
  type DashboardOffersResponse,
  type DashboardSubmission,
  type JobOffer,
  type JobOfferDetails,
  type OnboardingContract,
  type SubmittedJobDetails,
  formatDate,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { contracts, submissions, type ContractTerms } from '../schema.ts';
import { z } from 'zod';
import { dashboardOffers, dashboardSubmissions } from '@hcp/contracts/endpoints/pipeline';
import { boundedCache, memoize } from '../../../lib/cache.ts';
import { answerBytes, type AnswerBytes } from '../../../lib/compression.ts';
import { notFound } from '../../../lib/errors.ts';
import { displayableImageUrl } from '../../../lib/image-hosts.ts';
import { onJobsChange } from '../../jobs/index.ts';
import { referenceService, type ReferenceData } from '../../reference-data/index.ts';
import * as repo from './repository.ts';

const iso = (d: Date | string | null) => (d === null ? '' : typeof d === 'string' ? d : d.toISOString());

/**
 * The one start date of a placement, the same on every card, list and details pane: the contract's once there is
 * one, else the date the clinician asked for when applying, else the job's own.
 */
const startOf = (r: { contractStart: string | null; desiredStartDate?: string | null; jobStartDate: string }) =>
  r.contractStart ?? r.desiredStartDate ?? r.jobStartDate;

/** What an offer card and the offers list read of a submission row (the dashboard's rows carry only these). */
type OfferSource = Pick<
  repo.SubmissionRow,
  | 'jobId'
  | 'contractId'
  | 'contractNum'
  | 'submissionId'
  | 'contractStatus'
  | 'contractStage'
  | 'contractStart'
  | 'desiredStartDate'
  | 'jobStartDate'
  | 'profession'
  | 'specialty'
  | 'facilityName'
  | 'shift'
  | 'shiftCategory'
  | 'city'
  | 'state'
  | 'duration'
  | 'imageUrl'
  | 'offerId'
  | 'offerStatus'
  | 'offerDate'
>;

/** An offer is on the offers list while extended and its contract (if any) is still at the offer stage. */
function isOpenOffer(r: OfferSource): boolean {
  return r.offerId !== null && r.offerStatus === 'extended' && (r.contractId === null || r.contractStage === 'offer');
}

function toOffer(r: OfferSource): JobOffer {
  return {
    jobId: r.jobId,
    contractId: r.contractId,
    contractNum: r.contractNum,
    submissionId: r.submissionId,
    isSignable: r.contractId !== null && r.contractStatus === 'sent',
    isSigned: r.contractStatus === 'signed',
    profession: r.profession,
    specialty: r.specialty,
    discipline: r.profession,
    hospitalName: r.facilityName,
    facilityName: r.facilityName,
    shift: r.shift,
    shiftCategory: r.shiftCategory,
    shiftName: shiftCategoryName(r.shiftCategory),
    city: r.city,
    state: r.state,
    duration: r.duration,
    startDate: startOf(r),
    imageUrl: r.imageUrl,
    offerDate: iso(r.offerDate),
  };
}

function toSubmission(
  r: Pick<
    repo.SubmissionRow,
    | 'submissionId'
    | 'jobId'
    | 'profession'
    | 'specialty'
    | 'facilityName'
    | 'city'
    | 'state'
    | 'grossWeeklyPay'
    | 'shiftCategory'
    | 'duration'
    | 'contractStart'
    | 'desiredStartDate'
    | 'jobStartDate'
    | 'shift'
    | 'availablePositions'
    | 'requestDate'
    | 'imageUrl'
  >,
): DashboardSubmission {
  return {
    submissionId: r.submissionId,
    jobId: r.jobId,
    profession: r.profession,
    specialty: r.specialty,
    facility: r.facilityName,
    city: r.city,
    state: r.state,
    grossWeeklyPay: r.grossWeeklyPay,
    shiftCategory: r.shiftCategory,
    duration: r.duration,
    startDate: startOf(r),
    shift: r.shift,
    availablePositions: r.availablePositions,
    requestDate: iso(r.requestDate),
    imageUrl: r.imageUrl,
  };
}

function toOnboarding(
  r: Pick<
    repo.ContractRow,
    | 'contractId'
    | 'contractNum'
    | 'jobId'
    | 'contractStart'
    | 'contractStatus'
    | 'facilityName'
    | 'address1'
    | 'address2'
    | 'city'
    | 'state'
    | 'zip'
    | 'profession'
    | 'specialty'
    | 'duration'
  >,
): OnboardingContract {
  return {
    contractId: r.contractId,
    contractNum: r.contractNum,
    jobId: r.jobId,
    startDate: r.contractStart,
    isSigned: r.contractStatus === 'signed',
    isSignable: r.contractStatus === 'sent',
    facility: {
      facilityName: r.facilityName,
      address1: r.address1,
      address2: r.address2,
      city: r.city,
      state: r.state,
      zip: r.zip,
    },
    profession: r.profession,
    specialty: r.specialty,
    duration: r.duration,
  };
}

type DetailSource = Pick<
  repo.SubmissionRow,
  | 'jobId'
  | 'profession'
  | 'specialty'
  | 'facilityName'
  | 'imageUrl'
  | 'address1'
  | 'address2'
  | 'city'
  | 'state'
  | 'zip'
  | 'scrubColor'
  | 'bedCount'
  | 'chartingSystems'
  | 'traumaLevel'
  | 'minimumRequirements'
  | 'benefits'
  | 'shift'
  | 'shiftCategory'
  | 'duration'
  | 'jobStartDate'
  | 'grossWeeklyPay'
  | 'hourlyRate'
  | 'weeklyMeals'
  | 'weeklyLodging'
  | 'bonuses'
> & {
  submissionId: number | null;
  contractId: number | null;
  contractNum: string | null;
  contractStatus: string | null;
  contractStart: string | null;
  contractEnd: string | null;
  /** The contract's terms once there is a contract: what the agency actually offers. */
  terms: ContractTerms | null;
  /** The start the clinician asked for (a submission's). */
  desiredStartDate?: string | null;
};

function toDetails(r: DetailSource): JobOfferDetails {
  const t = r.contractId !== null ? r.terms : null;
  return {
    jobId: r.jobId,
    submissionId: r.submissionId,
    contractId: r.contractId,
    contractNum: r.contractNum,
    isSignable: r.contractId !== null && r.contractStatus === 'sent',
    isSigned: r.contractStatus === 'signed',
    profession: r.profession,
    specialty: r.specialty,
    facilityName: r.facilityName,
    imageUrl: r.imageUrl,
    address1: r.address1,
    address2: r.address2,
    city: r.city,
    state: r.state,
    zip: r.zip,
    scrubColor: r.scrubColor,
    bedCount: r.bedCount,
    chartingSystems: r.chartingSystems,
    traumaLevel: r.traumaLevel,
    minimumRequirements: r.minimumRequirements,
    trsBenefitsList: r.benefits,
    shift: t?.shift ?? r.shift,
    shiftCategory: r.shiftCategory,
    duration: r.duration,
    startDate: startOf(r),
    endDate: r.contractEnd,
    grossWeeklyPay: t?.grossWeeklyPay ?? r.grossWeeklyPay,
    hourlyRate: t?.hourlyRate ?? r.hourlyRate,
    weeklyMeals: t?.weeklyMeals ?? r.weeklyMeals,
    weeklyLodging: t?.weeklyLodging ?? r.weeklyLodging,
    bonuses: t?.bonuses ?? r.bonuses,
  };
}

/** Profession, specialty and state names by id, made once per loaded reference data. */
const referenceNames = memoize((ref: ReferenceData) => ({
  profession: new Map(ref.professions.map((p) => [p.id, p.name])),
  specialty: new Map(ref.specialties.map((s) => [s.id, s.name])),
  state: new Map(ref.states.map((s) => [s.id, s.abbreviation])),
}));

interface DashboardJobIds {
  professionId: number;
  specialtyId: number;
  stateId: number;
  imageUrl: string | null;
}

/** Kept dashboard answers: at most this many (two per clinician seen), each at most this long. */
const KEPT_ANSWERS = 10_000;
const KEPT_ANSWER_MAX_AGE_MS = 60_000;

/**
 * The dashboard's answers kept per clinician (docs/decisions/0354-dashboard-answers-kept-by-placement-version.md).
 * An answer is stored under the clinician's placement version read *before* its rows, and reused only while that
 * version stands: the database moves it on at the commit of any change to their submissions, offers or contracts,
 * by any process, so a withdrawn offer is never answered from here, on one node or many. The jobs and facilities
 * the cards show change through the jobs change events (this process and the change feed), which drop every kept
 * answer; the maximum age bounds anything else (reference names, a lost feed connection).
 */
class KeptDashboardAnswers {
  private readonly kept = boundedCache<string, { version: number; answer: AnswerBytes }>({
    max: KEPT_ANSWERS,
    maxAgeMs: KEPT_ANSWER_MAX_AGE_MS,
  });
  /** Moves on with every job change, so an answer read while jobs changed is not kept. */
  private jobsGeneration = 0;

  constructor(private readonly ctx: AppContext) {
    onJobsChange(ctx, () => {
      this.jobsGeneration += 1;
      this.kept.clear();
    });
  }

  /**
   * The card's answer as its JSON text (`read` serialises it by the answer's schema), kept or read now. `version` is
   * the clinician's placement version, read with their session (placementVersionRider).
   */
  async answer(
    card: 'offers' | 'submissions',
    userId: number,
    version: number,
    read: () => Promise<string>,
  ): Promise<AnswerBytes> {
    const key = `${card}:${userId}`;
    const hit = this.kept.get(key);
    if (hit && hit.version === version) return hit.answer;
    const generation = this.jobsGeneration;
    const answer = answerBytes(await read());
    if (generation === this.jobsGeneration) this.kept.set(key, { version, answer });
    return answer;
  }
}
const keptDashboardAnswers = memoize((ctx: AppContext) => new KeptDashboardAnswers(ctx));

export class PipelineService {
  constructor(private readonly ctx: AppContext) {}

  /** Rows with their facility picture only where the page may show it (IMAGE_HOSTS). */
  private readonly images = <T extends { imageUrl: string | null }>(rows: T[]): T[] =>
    rows.map((r) => ({ ...r, imageUrl: displayableImageUrl(r.imageUrl, this.ctx.env.IMAGE_HOSTS) }));

  /** The dashboard's rows with the names of their profession, specialty and state, and the picture it may show. */
  private async named<T extends DashboardJobIds>(
    rows: Promise<T[]>,
  ): Promise<(T & { profession: string; specialty: string; state: string })[]> {
    const [list, ref] = await Promise.all([rows, referenceService(this.ctx).get()]);
    const names = referenceNames(ref);
    return list.map((r) => ({
      ...r,
      profession: names.profession.get(r.professionId) ?? '',
      specialty: names.specialty.get(r.specialtyId) ?? '',
      state: names.state.get(r.stateId) ?? '',
      imageUrl: displayableImageUrl(r.imageUrl, this.ctx.env.IMAGE_HOSTS),
    }));
  }

  /** The dashboard's offers and contracts card, as kept answer bytes (`version`: placementVersionRider's). */
  dashboardOffersAnswer(userId: number, version: number): Promise<AnswerBytes> {
    return keptDashboardAnswers(this.ctx).answer('offers', userId, version, async () =>
      JSON.stringify(z.encode(dashboardOffers.responses[200], await this.dashboardOffers(userId))),
    );
  }

  /**
   * The dashboard's submissions card, as kept answer bytes (the submitted-jobs list reads afresh; `version`:
   * placementVersionRider's).
   */
  dashboardSubmissionsAnswer(userId: number, version: number): Promise<AnswerBytes> {
    return keptDashboardAnswers(this.ctx).answer('submissions', userId, version, async () =>
      JSON.stringify(
        z.encode(dashboardSubmissions.responses[200], { hcpDashboardSubmissions: await this.submissions(userId) }),
      ),
    );
  }

  async dashboardOffers(userId: number): Promise<DashboardOffersResponse> {
    // Independent reads: on PostgreSQL they run on two connections at once.
    const [subs, all] = await Promise.all([
      this.named(repo.dashboardOfferRows(this.ctx.db, userId)),
      this.named(repo.dashboardPlacementRows(this.ctx.db, userId)),
    ]);
    return {
      submissionOffers: subs.filter(isOpenOffer).map(toOffer),
      onboardingContracts: all.filter((c) => c.contractStage === 'onboarding').map(toOnboarding),
      workingContracts: all
        .filter((c) => c.contractStage === 'working')
        .map((c): Assignment => ({ ...toOnboarding(c), endDate: c.contractEnd })),
    };
  }

  async submissions(userId: number): Promise<DashboardSubmission[]> {
    const rows = await this.named(repo.dashboardSubmittedRows(this.ctx.db, userId));
    return rows.map(toSubmission);
  }

  async offers(userId: number): Promise<JobOffer[]> {
    return this.images(await repo.submissionRows(this.ctx.db, userId))
      .filter(isOpenOffer)
      .map(toOffer);
  }

  async offerDetails(userId: number, submissionId: number): Promise<JobOfferDetails> {
    const [row] = this.images(await repo.submissionRows(this.ctx.db, userId, and(eq(submissions.id, submissionId))));
    if (!row || row.offerId === null) throw notFound('Offer');
    return toDetails(row);
  }

  async contractDetails(userId: number, contractId: number): Promise<JobOfferDetails> {
    const [row] = this.images(await repo.contractRows(this.ctx.db, userId, eq(contracts.id, contractId)));
    if (!row) throw notFound('Contract');
    return toDetails(row);
  }

  async submittedJobDetails(userId: number, jobId: number): Promise<SubmittedJobDetails> {
    const [row] = this.images(await repo.submissionRows(this.ctx.db, userId, eq(submissions.jobId, jobId)));
    if (!row) throw notFound('Submission');
    const timeOff = row.requestedTimeOff ?? [];
    return {
      ...toDetails(row),
      desiredStartDateText: row.desiredStartDate ? formatDate(row.desiredStartDate) : 'Not specified',
      requestedTimeOff: timeOff,
      timeoff: timeOff.length
        ? timeOff
            .map((t) =>
              t.toDate && t.toDate !== t.fromDate
                ? `${formatDate(t.fromDate)} - ${formatDate(t.toDate)}`
                : formatDate(t.fromDate),
            )
            .join(', ')
        : 'None requested',
      bestContactTime: row.bestContactTime ?? '',
      otherDetails: row.otherRequests ?? '',
      requestDate: iso(row.requestDate),
    };
  }
}
