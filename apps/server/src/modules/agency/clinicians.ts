import {
  applicationSectionCount,
  completedSectionCount,
  flowFlags,
  nextApplicationStep,
  type AgencyClinician,
  type VerifyRecordsRequest,
} from '@hcp/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import {
  CertificationService,
  recordForAgency,
  referenceAnswersAfter,
  verifyRecords,
} from '../clinician-record/index.ts';
import {
  campaignOf,
  clinicianById,
  cliniciansAfter,
  setEligibleForSubmission,
  type ClinicianSummaryRow,
} from '../identity/index.ts';

const summary = (c: ClinicianSummaryRow) => ({
  userId: c.userId,
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phoneNumber: c.phone,
  professionId: c.professionId,
  leadSourceId: c.leadSourceId,
  campaign: campaignOf(c),
  createdAt: c.createdAt.toISOString(),
  applicationComplete: c.applicationComplete,
  applicationSubmittedAt: c.applicationSubmittedAt?.toISOString() ?? null,
  eligibleForSubmission: c.eligibleForSubmission,
});

/**
 * What the agency reads about clinicians and the few things it decides about them: verification of
 * application records (the clinician record's) and eligibility for submission (the account's). The profile is
 * the clinician's own; the SSN never leaves the portal, only whether one is on file.
 */
export class AgencyClinicianService {
  constructor(private readonly ctx: AppContext) {}

  async list(q: { after: number; limit: number; email?: string }) {
    const rows = await cliniciansAfter(this.ctx.db, q.after, q.limit, q.email);
    return { items: rows.map(summary), nextAfter: rows.length === q.limit ? rows[rows.length - 1]!.userId : null };
  }

  async show(userId: number): Promise<AgencyClinician> {
    const c = await clinicianById(this.ctx.db, userId);
    if (!c) throw notFound('Clinician');
    const flags = flowFlags(this.ctx.env.featureFlags);
    const { steps, profile, hasSsn, verification } = await recordForAgency(this.ctx, userId);
    return {
      ...summary(c),
      hasSsn,
      application: {
        completedSteps: steps,
        sectionsCompleted: completedSectionCount(steps, flags),
        sectionCount: applicationSectionCount(flags),
        nextStep: c.applicationComplete ? null : (nextApplicationStep(steps, flags)?.title ?? null),
      },
      profile,
      verification,
    };
  }

  /**
   * Marks application records verified (or not). Every id must be one of the clinician's records of that
   * kind, or nothing changes (404). Verified records are read-only in the clinician's screens.
   */
  async verify(userId: number, body: VerifyRecordsRequest) {
    const verified = body.verified ?? true;
    const ids = {
      employment: [...new Set(body.employment ?? [])],
      education: [...new Set(body.education ?? [])],
      certifications: [...new Set(body.certifications ?? [])],
    };
    return this.ctx.db.transaction(async (tx) => {
      if (!(await clinicianById(tx, userId))) throw notFound('Clinician');
      const changed = await verifyRecords(tx, userId, ids, verified);
      const count = (k: keyof typeof ids) => ({
        changed: changed[k].length,
        unchanged: ids[k].length - changed[k].length,
      });
      return {
        userId,
        verified,
        employment: count('employment'),
        education: count('education'),
        certifications: count('certifications'),
      };
    });
  }

  /** Approves (or withdraws approval of) the clinician for submissions: the dashboard shows 'Approved'. */
  async setEligibility(userId: number, eligible: boolean) {
    if (!(await setEligibleForSubmission(this.ctx.db, userId, eligible))) throw notFound('Clinician');
    return summary((await clinicianById(this.ctx.db, userId))!);
  }

  /** The file uploaded with a certification of the application. */
  async certificationFile(userId: number, certId: number) {
    return new CertificationService(this.ctx).file(userId, certId);
  }

  async referenceAnswers(after: number, limit: number) {
    const rows = await referenceAnswersAfter(this.ctx.db, after, limit);
    return {
      items: rows.map(({ answer: a, ...r }) => ({
        id: a.id,
        referenceId: a.referenceId,
        requestId: a.requestId,
        clinician: { userId: r.clinicianId, email: r.clinicianEmail },
        reference: { firstName: r.referenceFirstName, lastName: r.referenceLastName, email: r.referenceEmail },
        historyTypeId: a.historyTypeId,
        hcpName: a.hcpName,
        hcpDiscipline: a.hcpDiscipline,
        hcpSpecialty: a.hcpSpecialty,
        wasCharge: a.wasCharge,
        emrWorked: a.emrWorked,
        ratings: {
          safeCare: a.safeCareLevel,
          dependable: a.dependableLevel,
          professional: a.professionalLevel,
          cooperative: a.cooperativeLevel,
          communicator: a.communicatorLevel,
          attendance: a.attendanceLevel,
          asset: a.assetLevel,
        },
        comments: a.comments,
        supervisorName: a.supervisorName,
        supervisorTitle: a.supervisorTitle,
        facilityName: a.facilityName,
        cityState: a.cityState,
        unit: a.unit,
        referenceDate: String(a.referenceDate),
        startDate: a.startDate === null ? null : String(a.startDate),
        endDate: a.endDate === null ? null : String(a.endDate),
        answeredAt: a.createdAt.toISOString(),
      })),
      nextAfter: rows.length === limit ? rows[rows.length - 1]!.answer.id : null,
    };
  }
}
