import type { DbOrTx } from '../../../db/client.ts';
import {
  STEP,
  SKILLS_VENDOR,
  SKILLS_VENDOR_URL,
  applicationMessages,
  canonicalStepName,
  flowFlags,
  requiredStepsForSubmission,
  skillsMailSubject,
  type StepName,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError, badRequest, notFound, unprocessable } from '../../../lib/errors.ts';
import { completeApplication } from '../../identity/index.ts';
import { deliverSoon, hasEvent, recordEvent } from '../../platform/index.ts';
import { requestReferencesAtSubmission } from '../references/service.ts';
import * as repo from './repository.ts';
import { skillsChecklistIds, skillsChecklistLabels, skillsChecklistsFor } from './skills-checklists.ts';

/** Steps the client may mark through updateWebApplicationStep; the others are marked by saving their data. */
const CLIENT_MARKED: StepName[] = [STEP.started, STEP.employment, STEP.certifications, STEP.skillsChecklistSummary];

export class ApplicationService {
  constructor(private readonly ctx: AppContext) {}

  private flags() {
    return flowFlags(this.ctx.env.featureFlags);
  }

  async updateStep(userId: number, stepNameRaw: string, complete: boolean): Promise<void> {
    const stepName = canonicalStepName(stepNameRaw);
    if (!stepName) throw badRequest('Unknown step name', 'StepName');
    if (!CLIENT_MARKED.includes(stepName))
      throw unprocessable('step_not_client_marked', 'This step is completed by saving its form.', 'StepName');
    if (!complete) {
      if (stepName === STEP.started)
        throw unprocessable('step_required', 'The application has been started.', 'StepComplete');
      await repo.unmarkStep(this.ctx.db, userId, stepName);
      return;
    }
    if (stepName === STEP.employment && (await repo.countRows(this.ctx.db, 'employment', userId)) === 0)
      throw unprocessable('step_incomplete', 'Add at least one employment record first.', 'StepName');
    if (stepName === STEP.certifications && (await repo.countRows(this.ctx.db, 'certifications', userId)) === 0)
      throw unprocessable('step_incomplete', 'Add at least one certification first.', 'StepName');
    if (stepName === STEP.skillsChecklistSummary) {
      if (!this.flags().skillsChecklist) throw notFound('Step');
      if (!(await repo.hasSkillsAssignment(this.ctx.db, userId)))
        throw unprocessable('step_incomplete', 'Take the selected checklists first.', 'StepName');
    }
    await repo.markStep(this.ctx.db, userId, stepName);
  }

  private async missingSteps(userId: number, extraDone: StepName[] = []): Promise<StepName[]> {
    const done = new Set([...(await repo.completedSteps(this.ctx.db, userId)), ...extraDone]);
    return requiredStepsForSubmission(this.flags()).filter((s) => !done.has(s));
  }

  private incomplete(missing: StepName[]) {
    return new AppError(
      409,
      'application_incomplete',
      applicationMessages.incomplete,
      missing.map((s) => ({ field: s, message: `${s} is not complete` })),
    );
  }

  /** SubmitApplication/saveSubmitApplication: every required step complete, then the application is complete. */
  async submit(userId: number): Promise<void> {
    const missing = await this.missingSteps(userId);
    if (missing.length) throw this.incomplete(missing);
    await this.ctx.db.transaction(async (tx) => {
      if (!this.flags().termsFirst) {
        await repo.markStep(tx, userId, STEP.terms);
        await repo.signTermsDocuments(tx, userId, this.ctx.now());
      }
      await completeApplication(tx, userId, this.ctx.now());
      await recordSubmitted(tx, userId, this.ctx.now());
      await requestReferencesAtSubmission(this.ctx, tx, userId);
    });
    deliverSoon(this.ctx);
  }

  /**
   * InitialDocuments/saveInitialDocuments (terms-first flow): records the agreement; when every other
   * required step is already complete the application is complete too.
   */
  async saveInitialDocuments(userId: number): Promise<boolean> {
    if (!this.flags().termsFirst) throw notFound('Route');
    const complete = await this.ctx.db.transaction(async (tx) => {
      await repo.markStep(tx, userId, STEP.applicationDocuments);
      await repo.signTermsDocuments(tx, userId, this.ctx.now());
      const done = new Set(await repo.completedSteps(tx, userId));
      const missing = requiredStepsForSubmission(this.flags()).filter((s) => !done.has(s));
      if (missing.length === 0) {
        await completeApplication(tx, userId, this.ctx.now());
        await recordSubmitted(tx, userId, this.ctx.now());
        await requestReferencesAtSubmission(this.ctx, tx, userId);
        return true;
      }
      return false;
    });
    if (complete) deliverSoon(this.ctx);
    return complete;
  }

  assertSkillsEnabled() {
    if (!this.flags().skillsChecklist) throw notFound('Route');
  }

  /** The checklists offered to the clinician: the core ones and those of the specialties in their employment history. */
  async skillsChecklists(userId: number) {
    this.assertSkillsEnabled();
    return skillsChecklistsFor(await repo.employmentSpecialtyIds(this.ctx.db, userId));
  }

  /**
   * Assigns the chosen checklists and mails the clinician the vendor's link, once: the page opened again, a second
   * click or a second tab answers the first assignment and mails nothing (the vendor would assign them twice).
   */
  async assignSkills(userId: number, ids: number[], product: string) {
    this.assertSkillsEnabled();
    const unique = [...new Set(ids)];
    if (unique.some((i) => !skillsChecklistIds.has(i))) throw notFound('Checklist');
    const u = await repo.user(this.ctx.db, userId);
    if (!u) throw notFound('User');
    const subject = skillsMailSubject(product);
    const labels = skillsChecklistLabels(unique);
    const assigned = await this.ctx.db.transaction(async (tx) => {
      const vendorUrl = this.ctx.env.SKILLS_VENDOR_URL ?? SKILLS_VENDOR_URL;
      await repo.lockSkillsAssignment(tx, userId);
      if (await repo.hasSkillsAssignment(tx, userId)) return false;
      await repo.insertSkillsAssignment(tx, userId, unique);
      await repo.markStep(tx, userId, STEP.skillsChecklist);
      await this.ctx.mailer.queue(
        {
          to: u.email,
          subject,
          kind: 'skills-checklist-assigned',
          text: [
            `Hello ${u.firstName},`,
            '',
            `${product} has assigned you the following skills checklists through ${SKILLS_VENDOR}:`,
            ...labels.map((l) => `- ${l}`),
            '',
            `Sign in to ${SKILLS_VENDOR} with this email address to complete them (about 15 minutes each):`,
            vendorUrl,
          ].join('\n'),
          meta: { checklistIds: unique, link: vendorUrl },
        },
        tx,
      );
      return true;
    });
    if (assigned) deliverSoon(this.ctx);
    return { ok: true, email: u.email, vendor: SKILLS_VENDOR, subject };
  }
}

/** 'application.submitted' once: a repeated submit (already complete) records nothing new. */
async function recordSubmitted(tx: DbOrTx, userId: number, at: Date) {
  if (await hasEvent(tx, userId, 'application.submitted')) return;
  await recordEvent(tx, { type: 'application.submitted', userId, payload: { userId, submittedAt: at.toISOString() } });
}
