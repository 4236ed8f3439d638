import {
  closeSubmissionRequestSchema,
  createContractRequestSchema,
  createPayPeriodsRequestSchema,
  endAssignmentRequestSchema,
  formatMoney,
  type AgencyContract,
} from '@hcp/contracts';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/errors.ts';
import { AgencyClinicianService } from '../modules/agency/index.ts';
import { PlacementService } from '../modules/placements/index.ts';
import { plainText } from '../lib/safe-text.ts';

/**
 * The operator's pipeline commands (`npm run ops -- pipeline:...`): the same PlacementService as the
 * agency API, so the same transitions are allowed and refused. Registered by cli.ts.
 */

export interface CommandSpec {
  usage: string;
  help: string;
  flags: string[];
  run(
    args: { positional: string[]; flags: Record<string, string | true> },
    out: (line: string) => void,
    ctx: AppContext,
  ): Promise<number>;
}

/** Bad input: cli.ts prints it and exits 2. */
export class InputError extends Error {}

export const PIPELINE_VALUE_FLAGS = [
  'start-date',
  'end-date',
  'shift',
  'hourly-rate',
  'overtime-rate',
  'gross-weekly-pay',
  'weekly-meals',
  'weekly-lodging',
  'guaranteed-hours',
  'unit',
  'status',
  'from',
  'through',
];

function id(positional: string[], what: string): number {
  const v = positional[0];
  const n = Number(v);
  if (!v || !/^\d+$/.test(v) || !Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647)
    throw new InputError(`Give the ${what} id (a positive number)`);
  return n;
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value);
  if (!r.success)
    throw new InputError(r.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
  return r.data;
}

const str = (flags: Record<string, string | true>, name: string): string | undefined => {
  const v = flags[name];
  if (v === undefined) return undefined;
  if (v === true) throw new InputError(`--${name} needs a value`);
  return v;
};
const num = (flags: Record<string, string | true>, name: string): number | undefined => {
  const v = str(flags, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) throw new InputError(`--${name} must be a number`);
  return n;
};

function contractLine(c: AgencyContract): string {
  const t = c.terms;
  return `Contract ${c.contractNum} (id ${c.contractId}): ${c.status}, stage ${c.stage}, ${c.startDate} to ${c.endDate}, ${t.shift}, ${formatMoney(t.hourlyRate)}/hour, ${formatMoney(t.grossWeeklyPay)}/week${t.unit ? `, unit ${t.unit}` : ''}`;
}

/** A refused move (404, 409) prints its reason and exits 1; invalid input (400) exits 2. */
async function move(out: (line: string) => void, task: () => Promise<string[]>): Promise<number> {
  try {
    for (const line of await task()) out(line);
    return 0;
  } catch (e) {
    if (e instanceof AppError && e.status === 400) throw new InputError(e.message);
    if (e instanceof AppError && e.status < 500) throw new RefusedError(`Refused (${e.code}): ${e.message}`);
    throw e;
  }
}

/** A move the rules refuse: cli.ts prints it and exits 1. */
export class RefusedError extends Error {}

const contractMove = (
  name: string,
  help: string,
  run: (svc: PlacementService, contractId: number) => Promise<AgencyContract>,
): [string, CommandSpec] => [
  `pipeline:${name}`,
  {
    usage: `pipeline:${name} <contract-id>`,
    help,
    flags: [],
    run: async (p, out, ctx) => {
      const contractId = id(p.positional, 'contract');
      return move(out, async () => [contractLine(await run(new PlacementService(ctx), contractId))]);
    },
  },
];

export const pipelineCommands: Record<string, CommandSpec> = {
  'pipeline:offer': {
    usage: 'pipeline:offer <submission-id>',
    help: 'Extends an offer for a submitted application (the clinician is mailed and sees it on the dashboard).',
    flags: [],
    async run(p, out, ctx) {
      const submissionId = id(p.positional, 'submission');
      return move(out, async () => {
        const s = await new PlacementService(ctx).offer(submissionId);
        return [
          `Offer ${s.offer!.offerId} extended for submission ${s.submissionId} (${s.clinician.email}, ${s.job.profession} - ${s.job.specialty} at ${s.job.facilityName}).`,
        ];
      });
    },
  },
  'pipeline:close': {
    usage: 'pipeline:close <submission-id> --status <declined|withdrawn|closed>',
    help: 'Closes a submission that is still open or offered: its open offer ends and an unsigned contract is voided.',
    flags: ['status'],
    async run(p, out, ctx) {
      const submissionId = id(p.positional, 'submission');
      const body = parse(closeSubmissionRequestSchema, { status: str(p.flags, 'status') });
      return move(out, async () => {
        const s = await new PlacementService(ctx).closeSubmission(submissionId, body.status);
        return [`Submission ${s.submissionId} is ${s.status}.`];
      });
    },
  },
  'pipeline:contract': {
    usage:
      'pipeline:contract <submission-id> [--start-date YYYY-MM-DD] [--end-date YYYY-MM-DD] [--shift 3x12] [--hourly-rate n] [--overtime-rate n] [--gross-weekly-pay n] [--weekly-meals n] [--weekly-lodging n] [--guaranteed-hours n] [--unit name] [--send]',
    help:
      "Draws up the contract of an offered submission. Terms default to the job's, dates to the clinician's desired start and the job's length. " +
      'Without --send it is a draft (not signable); --send makes it signable at once and mails the clinician.',
    flags: [...PIPELINE_VALUE_FLAGS.filter((f) => !['status', 'from', 'through'].includes(f)), 'send'],
    async run(p, out, ctx) {
      const submissionId = id(p.positional, 'submission');
      const input = parse(createContractRequestSchema, {
        startDate: str(p.flags, 'start-date'),
        endDate: str(p.flags, 'end-date'),
        shift: str(p.flags, 'shift'),
        hourlyRate: num(p.flags, 'hourly-rate'),
        overTimeRate: num(p.flags, 'overtime-rate'),
        grossWeeklyPay: num(p.flags, 'gross-weekly-pay'),
        weeklyMeals: num(p.flags, 'weekly-meals'),
        weeklyLodging: num(p.flags, 'weekly-lodging'),
        guaranteedHoursPerWeek: num(p.flags, 'guaranteed-hours'),
        unit: str(p.flags, 'unit'),
        send: p.flags.send === true ? true : undefined,
      });
      return move(out, async () => [contractLine(await new PlacementService(ctx).createContract(submissionId, input))]);
    },
  },
  ...Object.fromEntries([
    contractMove('send', 'Makes a draft contract signable and mails the clinician.', (s, id) => s.sendContract(id)),
    contractMove(
      'onboarding-complete',
      'Records that onboarding is complete (the contract must be signed); the assignment may start.',
      (s, id) => s.completeOnboarding(id),
    ),
    contractMove('start', 'Starts the assignment (signed contract, onboarding complete).', (s, id) =>
      s.startAssignment(id),
    ),
    contractMove(
      'cancel',
      'Cancels a placement before its assignment starts (an unsigned contract becomes void).',
      (s, id) => s.cancelContract(id),
    ),
  ]),
  'pipeline:end': {
    usage: 'pipeline:end <contract-id> [--end-date YYYY-MM-DD]',
    help: 'Ends a working assignment, on its contract end date or the given one (empty open pay periods after it are removed).',
    flags: ['end-date'],
    async run(p, out, ctx) {
      const contractId = id(p.positional, 'contract');
      const body = parse(endAssignmentRequestSchema, { endDate: str(p.flags, 'end-date') });
      return move(out, async () => [contractLine(await new PlacementService(ctx).endAssignment(contractId, body))]);
    },
  },
  'pay-periods:create': {
    usage: 'pay-periods:create <contract-id> [--from YYYY-MM-DD] [--through YYYY-MM-DD]',
    help: 'Creates the weekly pay periods (Sunday to Saturday) of a signed contract: by default after the last one (or from the start) to the contract end.',
    flags: ['from', 'through'],
    async run(p, out, ctx) {
      const contractId = id(p.positional, 'contract');
      const body = parse(createPayPeriodsRequestSchema, {
        from: str(p.flags, 'from'),
        through: str(p.flags, 'through'),
      });
      return move(out, async () => {
        const r = await new PlacementService(ctx).createPayPeriods(contractId, body);
        return [
          `Created ${r.created.length} pay period${r.created.length === 1 ? '' : 's'} for contract ${contractId}${r.existing ? ` (${r.existing} already existed)` : ''}.`,
          ...r.created.map((x) => `  ${x.timesheetId}  ${x.startDate} - ${x.endDate}`),
        ];
      });
    },
  },
  'clinician:show': {
    usage: 'clinician:show <email>',
    help: "Prints a clinician's state: application progress, submissions, offers, contracts and pay periods (never the SSN).",
    flags: [],
    async run(p, out, ctx) {
      const email = p.positional[0]?.trim();
      if (!email || !email.includes('@')) throw new InputError("Give the clinician's email address");
      const people = new AgencyClinicianService(ctx);
      const [found] = (await people.list({ after: 0, limit: 1, email })).items;
      if (!found) throw new RefusedError(`No clinician with the email ${email}.`);
      const c = await people.show(found.userId);
      const placements = new PlacementService(ctx);
      const subs = (await placements.listSubmissions({ after: 0, limit: 1000, userId: c.userId })).items;
      const contracts = (await placements.listContracts({ after: 0, limit: 1000, userId: c.userId })).items;
      const day = (s: string | null) => (s ? s.slice(0, 10) : '-');
      out(
        `${plainText(`${c.firstName} ${c.lastName}`, 200)} <${c.email}> (user ${c.userId}), phone ${c.phoneNumber}, signed up ${day(c.createdAt)}`,
      );
      out(
        `Application: ${c.applicationComplete ? `complete, submitted ${day(c.applicationSubmittedAt)}` : `in progress, ${c.application.sectionsCompleted} of ${c.application.sectionCount} sections, next: ${c.application.nextStep ?? '-'}`}; approved for submissions: ${c.eligibleForSubmission ? 'yes' : 'no'}; SSN on file: ${c.hasSsn ? 'yes' : 'no'}`,
      );
      const v = c.verification;
      const verified = (l: { verified: boolean }[]) => `${l.filter((x) => x.verified).length}/${l.length}`;
      out(
        `Verified records: employment ${verified(v.employment)}, education ${verified(v.education)}, certifications ${verified(v.certifications)}`,
      );
      out(subs.length ? 'Submissions:' : 'Submissions: none');
      for (const s of subs) {
        out(
          `  ${s.submissionId}  ${s.status.padEnd(9)} ${day(s.createdAt)}  ${s.job.profession} - ${s.job.specialty} at ${s.job.facilityName} (${s.job.city}, ${s.job.state}), job ${s.job.externalId}`,
        );
        const timeOff = s.requestedTimeOff
          .map((x) => (x.toDate && x.toDate !== x.fromDate ? `${x.fromDate}..${x.toDate}` : x.fromDate))
          .join(', ');
        // The clinician's own words stay on their line (a line feed in them cannot forge another line).
        out(
          `      desired start ${s.desiredStartDate ?? '-'}; time off ${timeOff || 'none'}; contact ${plainText(s.bestContactTime, 200) || '-'}${s.otherRequests ? `; other: ${plainText(s.otherRequests, 500)}` : ''}`,
        );
      }
      const withOffers = subs.filter((s) => s.offer);
      out(withOffers.length ? 'Offers:' : 'Offers: none');
      for (const s of withOffers)
        out(
          `  offer ${s.offer!.offerId} for submission ${s.submissionId}: ${s.offer!.status} (${day(s.offer!.createdAt)})`,
        );
      out(contracts.length ? 'Contracts:' : 'Contracts: none');
      for (const k of contracts) {
        out(`  ${contractLine(k)}`);
        for (const x of k.payPeriods)
          out(`      pay period ${x.timesheetId}  ${x.startDate} - ${x.endDate}  ${x.status}`);
      }
      return 0;
    },
  },
};
