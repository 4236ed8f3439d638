import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { memoize } from '../../../lib/cache.ts';
import { professions } from '../../reference-data/schema.ts';
import { users } from '../schema.ts';

const userInfoQuery = (db: DbOrTx) =>
  db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      applicationComplete: users.applicationComplete,
      eligibleForSubmission: users.eligibleForSubmission,
      professionId: professions.id,
      professionName: professions.name,
      isAllied: professions.isAllied,
      webOrder: professions.webOrder,
    })
    .from(users)
    .innerJoin(professions, eq(professions.id, users.professionId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_info');
/** Prepared once per database handle: every page asks it. */
const userInfoStatement = memoize(userInfoQuery);

export async function userInfo(db: DbOrTx, userId: number) {
  const [row] = await userInfoStatement(db).execute({ userId });
  return row;
}

/** Whether the clinician's application is complete (applying for jobs needs it). */
export async function applicationComplete(db: DbOrTx, userId: number): Promise<boolean | undefined> {
  const [row] = await db.select({ c: users.applicationComplete }).from(users).where(eq(users.id, userId));
  return row?.c;
}

/** Sets applicationComplete once; eligibility for submission stays with the agency. */
export async function completeApplication(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({
      applicationComplete: true,
      applicationSubmittedAt: sql`coalesce(${users.applicationSubmittedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, userId));
}

/** Demo data and the dev call: the application complete and the clinician approved for submissions at once. */
export async function markApplicationComplete(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ applicationComplete: true, eligibleForSubmission: true, applicationSubmittedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The agency's approval of the clinician for submissions; false when there is no such clinician. */
export async function setEligibleForSubmission(db: DbOrTx, userId: number, eligible: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ eligibleForSubmission: eligible })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length === 1;
}

// ---- the agency's reads of clinicians
const clinicianSummary = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  professionId: users.professionId,
  leadSourceId: users.leadSourceId,
  utmSource: users.utmSource,
  utmMedium: users.utmMedium,
  utmCampaign: users.utmCampaign,
  utmTerm: users.utmTerm,
  utmContent: users.utmContent,
  createdAt: users.createdAt,
  applicationComplete: users.applicationComplete,
  applicationSubmittedAt: users.applicationSubmittedAt,
  eligibleForSubmission: users.eligibleForSubmission,
};

export async function cliniciansAfter(db: DbOrTx, after: number, limit: number, email?: string) {
  return db
    .select(clinicianSummary)
    .from(users)
    .where(and(gt(users.id, after), email ? sql`lower(${users.email}) = ${email.toLowerCase()}` : undefined))
    .orderBy(asc(users.id))
    .limit(limit);
}

export async function clinicianById(db: DbOrTx, userId: number) {
  const [row] = await db.select(clinicianSummary).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}
export type ClinicianSummaryRow = NonNullable<Awaited<ReturnType<typeof clinicianById>>>;

// ---- demo users
export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return row?.id;
}

export async function insertDemoUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}
