import { and, eq, inArray, sql } from 'drizzle-orm';
import { addCalendarDays, type ContractStage, type ContractStatus } from '@hcp/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { jobs } from '../../jobs/schema.ts';
import { contracts, signatureAudit, type ContractTerms } from '../schema.ts';

/** Holds the caller's contract row until the transaction ends (a sign reads its terms under this lock). */
export async function lockContract(db: DbOrTx, contractId: number, userId: number) {
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.userId, userId)))
    .for('update');
  return !!row;
}

/**
 * Signs a contract only if it is still waiting for a signature: the conditional update is what makes a
 * second or concurrent sign change nothing. An offer-stage contract moves to onboarding and its offer is accepted.
 */
export async function markSigned(
  db: DbOrTx,
  args: { contractId: number; userId: number; documentMasterId: number; signedAt: Date; signedPdfKey: string },
) {
  const [row] = await db
    .update(contracts)
    .set({
      status: 'signed',
      signedAt: args.signedAt,
      signedPdfKey: args.signedPdfKey,
      stage: sql`case when ${contracts.stage} = 'offer' then 'onboarding' else ${contracts.stage} end`,
      updatedAt: args.signedAt,
    })
    .where(
      and(
        eq(contracts.id, args.contractId),
        eq(contracts.userId, args.userId),
        eq(contracts.documentMasterId, args.documentMasterId),
        eq(contracts.status, 'sent'),
      ),
    )
    .returning({ id: contracts.id, offerId: contracts.offerId, contractNum: contracts.contractNum });
  return row ?? null;
}

export async function insertAudit(db: DbOrTx, row: typeof signatureAudit.$inferInsert) {
  await db.insert(signatureAudit).values(row);
}

/** Of these storage keys, the ones a signed contract still references (the orphan-file sweep asks). */
export async function referencedKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: contracts.signedPdfKey })
    .from(contracts)
    .where(inArray(contracts.signedPdfKey, keys));
  return new Set(rows.map((r) => r.key!));
}

export async function termsFromJob(
  db: DbOrTx,
  jobId: number,
  unit: string | null = null,
): Promise<ContractTerms & { durationWeeks: number; startDate: string }> {
  const [j] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!j) throw new Error(`job ${jobId} not found`);
  return {
    shift: j.shift,
    shiftsPerWeek: j.shiftsPerWeek,
    hoursPerShift: j.hoursPerShift,
    guaranteedHoursPerWeek: Math.round(j.shiftsPerWeek * j.hoursPerShift),
    hourlyRate: j.hourlyRate,
    overTimeRate: j.overTimeRate,
    onCallRate: j.onCallRate,
    callBackRate: j.callBackRate,
    premiumRate: j.premiumRate,
    weeklyMeals: j.weeklyMeals,
    weeklyLodging: j.weeklyLodging,
    grossWeeklyPay: j.grossWeeklyPay,
    bonuses: j.bonuses,
    unit,
    cancellationNoticeDays: 14,
    durationWeeks: j.durationWeeks,
    startDate: j.startDate,
  };
}

/** Contract numbers are unique, human-friendly and not guessable from one another: 'C' + year + 6 digits. */
function newContractNum(year: number, seq: number): string {
  return `C${year}${String(100000 + ((seq * 7919) % 900000)).padStart(6, '0')}`;
}

export async function createContract(
  db: DbOrTx,
  args: {
    userId: number;
    jobId: number;
    offerId?: number | null;
    status: ContractStatus;
    stage: ContractStage;
    startDate?: string;
    endDate?: string;
    unit?: string | null;
    signedAt?: Date;
    signedPdfKey?: string;
    /** Replace the job's terms (the agency's contract terms). */
    terms?: Partial<ContractTerms>;
    sentAt?: Date | null;
    at?: Date;
  },
) {
  const t = await termsFromJob(db, args.jobId, args.unit ?? null);
  const { durationWeeks, startDate: jobStart, ...jobTerms } = t;
  const terms: ContractTerms = { ...jobTerms, ...args.terms };
  const startDate = args.startDate ?? jobStart;
  const endDate = args.endDate ?? addCalendarDays(startDate, durationWeeks * 7 - 1);
  // A unique number from a random sequence. A number already taken inserts nothing (ON CONFLICT DO NOTHING rather
  // than an error, which would abort the caller's transaction) and the next try draws another: with thousands of
  // contracts a year a collision is not rare.
  for (let attempt = 0; attempt < 20; attempt++) {
    const seq = Math.floor(Math.random() * 900000) + 1;
    const [row] = await db
      .insert(contracts)
      .values({
        contractNum: newContractNum(Number(startDate.slice(0, 4)), seq),
        userId: args.userId,
        jobId: args.jobId,
        offerId: args.offerId ?? null,
        status: args.status,
        stage: args.stage,
        startDate,
        endDate,
        terms,
        signedAt: args.status === 'signed' ? (args.signedAt ?? new Date()) : null,
        signedPdfKey: args.status === 'signed' ? (args.signedPdfKey ?? null) : null,
        sentAt: args.sentAt === undefined ? (args.status === 'draft' ? null : (args.at ?? new Date())) : args.sentAt,
        ...(args.at ? { createdAt: args.at, updatedAt: args.at } : {}),
        // States made directly (demo data, factories) carry the dates the agency's calls would have recorded.
        onboardingCompletedAt: ['working', 'completed'].includes(args.stage) ? (args.at ?? new Date()) : null,
        startedAt: ['working', 'completed'].includes(args.stage) ? (args.at ?? new Date()) : null,
        endedAt: args.stage === 'completed' ? (args.at ?? new Date()) : null,
      })
      .onConflictDoNothing({ target: contracts.contractNum })
      .returning({ id: contracts.id, contractNum: contracts.contractNum });
    if (row) return row;
  }
  throw new Error('no free contract number after 20 tries');
}

export async function updateContract(
  db: DbOrTx,
  contractId: number,
  values: Partial<Omit<typeof contracts.$inferInsert, 'id' | 'contractNum' | 'userId' | 'jobId'>>,
) {
  await db.update(contracts).set(values).where(eq(contracts.id, contractId));
}
