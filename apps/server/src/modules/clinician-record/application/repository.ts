import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { trsDocumentTypes } from '@hcp/contracts';
import {
  applicationSteps,
  eventOutbox,
  employmentHistories,
  hcpCertifications,
  signedTrsDocuments,
  skillsChecklistAssignments,
  users,
} from '../../../db/schema/index.ts';

export async function markStep(db: DbOrTx, userId: number, stepName: string): Promise<void> {
  await db.insert(applicationSteps).values({ userId, stepName }).onConflictDoNothing();
}

export async function unmarkStep(db: DbOrTx, userId: number, stepName: string): Promise<void> {
  await db
    .delete(applicationSteps)
    .where(and(eq(applicationSteps.userId, userId), eq(applicationSteps.stepName, stepName)));
}

export async function completedSteps(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ s: applicationSteps.stepName })
    .from(applicationSteps)
    .where(eq(applicationSteps.userId, userId));
  return rows.map((r) => r.s);
}

export async function user(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      applicationComplete: users.applicationComplete,
      professionId: users.professionId,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
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

export async function insertSkillsAssignment(db: DbOrTx, userId: number, ids: number[]): Promise<void> {
  await db.insert(skillsChecklistAssignments).values({ userId, hshItemIds: ids });
}

export async function hasSkillsAssignment(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: skillsChecklistAssignments.id })
    .from(skillsChecklistAssignments)
    .where(eq(skillsChecklistAssignments.userId, userId))
    .limit(1);
  return !!row;
}

export async function countRows(db: DbOrTx, table: 'employment' | 'certifications', userId: number): Promise<number> {
  const t = table === 'employment' ? employmentHistories : hcpCertifications;
  const [row] = await db.select({ n: count() }).from(t).where(eq(t.userId, userId));
  return Number(row?.n ?? 0);
}

/** Agreeing to the terms signs every TRS employment document once; the first signature time is kept. */
export async function signTermsDocuments(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .insert(signedTrsDocuments)
    .values(trsDocumentTypes.map((d) => ({ userId, signatureTypeId: d.signatureTypeId, signedAt: at })))
    .onConflictDoNothing();
}

export async function submittedEventRecorded(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: eventOutbox.id })
    .from(eventOutbox)
    .where(and(eq(eventOutbox.userId, userId), eq(eventOutbox.type, 'application.submitted')))
    .limit(1);
  return rows.length > 0;
}
