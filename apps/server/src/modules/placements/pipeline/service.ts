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
import { notFound } from '../../../lib/errors.ts';
import * as repo from './repository.ts';
import { displayableImageUrl } from '../../../lib/image-hosts.ts';

const iso = (d: Date | string | null) => (d === null ? '' : typeof d === 'string' ? d : d.toISOString());

/**
 * The one start date of a placement, the same on every card, list and details pane: the contract's once there is
 * one, else the date the clinician asked for when applying, else the job's own.
 */
const startOf = (r: { contractStart: string | null; desiredStartDate?: string | null; jobStartDate: string }) =>
  r.contractStart ?? r.desiredStartDate ?? r.jobStartDate;

/** An offer is on the offers list while extended and its contract (if any) is still at the offer stage. */
function isOpenOffer(r: repo.SubmissionRow): boolean {
  return r.offerId !== null && r.offerStatus === 'extended' && (r.contractId === null || r.contractStage === 'offer');
}

function toOffer(r: repo.SubmissionRow): JobOffer {
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

function toSubmission(r: repo.SubmissionRow): DashboardSubmission {
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

function toOnboarding(r: repo.ContractRow): OnboardingContract {
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

export class PipelineService {
  constructor(private readonly ctx: AppContext) {}

  /** Rows with their facility picture only where the page may show it (IMAGE_HOSTS). */
  private readonly images = <T extends { imageUrl: string | null }>(rows: T[]): T[] =>
    rows.map((r) => ({ ...r, imageUrl: displayableImageUrl(r.imageUrl, this.ctx.env.IMAGE_HOSTS) }));

  async dashboardOffers(userId: number): Promise<DashboardOffersResponse> {
    // Independent reads: on PostgreSQL they run on two connections at once.
    const [subs, all] = await Promise.all([
      repo.dashboardOfferRows(this.ctx.db, userId).then(this.images),
      repo.dashboardPlacementRows(this.ctx.db, userId).then(this.images),
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
    const rows = this.images(await repo.dashboardSubmittedRows(this.ctx.db, userId));
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
