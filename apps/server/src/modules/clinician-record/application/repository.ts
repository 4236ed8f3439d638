import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { trsDocumentTypes } from '@hcp/contracts';
import {
  applicationSteps,
  employmentHistories,
  hcpCertifications,
  signedTrsDocuments,
  skillsChecklistAssignments,
} from '../schema.ts';
import { users } from '../../identity/schema.ts';

export async function markStep(db: DbOrTx, userId: number, stepName: string): Promise<void> {
  await db.insert(applicationSteps).values({ userId, stepName }).onConflictDoNothing();
}

export async function unmarkStep(db: DbOrTx, userId: number, stepName: string): Promise<void> {
  await db
    .delete(applicationSteps)
    .where(and(eq(applicationSteps.userId, userId), eq(applicationSteps.stepName, stepName)));
}

/** The clinician's completed steps in the order they were completed (the web app's step list, the agency's view). */
export async function stepsInOrder(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ stepName: applicationSteps.stepName })
    .from(applicationSteps)
    .where(eq(applicationSteps.userId, userId))
    .orderBy(applicationSteps.completedAt);
  return rows.map((r) => r.stepName);
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

export async function insertSkillsAssignment(db: DbOrTx, userId: number, ids: number[]): Promise<void> {
  await db.insert(skillsChecklistAssignments).values({ userId, hshItemIds: ids });
}

/** One assignment at a time per clinician (a double click, two tabs): the second waits and then finds the first. */
const SKILLS_ASSIGNMENT_LOCK = 18_103;
export async function lockSkillsAssignment(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SKILLS_ASSIGNMENT_LOCK}, ${userId})`);
}

/** The specialties of the clinician's employment records (the skills checklists follow them). */
export async function employmentSpecialtyIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ ids: employmentHistories.specialtyIds })
    .from(employmentHistories)
    .where(eq(employmentHistories.userId, userId));
  return [...new Set(rows.flatMap((r) => r.ids))];
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
  await signTrsDocuments(
    db,
    userId,
    trsDocumentTypes.map((d) => d.signatureTypeId),
    at,
  );
}

/** Signs the given TRS employment documents (those already signed keep their first signature time). */
export async function signTrsDocuments(db: DbOrTx, userId: number, typeIds: number[], at = new Date()): Promise<void> {
  if (typeIds.length === 0) return;
  await db
    .insert(signedTrsDocuments)
    .values(typeIds.map((signatureTypeId) => ({ userId, signatureTypeId, signedAt: at })))
    .onConflictDoNothing();
}

/** The TRS employment documents the clinician signed, by type. */
export async function signedTrsDocumentsOf(db: DbOrTx, userId: number) {
  return db
    .select({ signatureTypeId: signedTrsDocuments.signatureTypeId, signedAt: signedTrsDocuments.signedAt })
    .from(signedTrsDocuments)
    .where(eq(signedTrsDocuments.userId, userId))
    .orderBy(signedTrsDocuments.signatureTypeId);
}

/** One signed TRS document with the signer's name (its PDF shows both). */
export async function signedTrsDocument(db: DbOrTx, userId: number, signatureTypeId: number) {
  const [row] = await db
    .select({ signedAt: signedTrsDocuments.signedAt, firstName: users.firstName, lastName: users.lastName })
    .from(signedTrsDocuments)
    .innerJoin(users, eq(users.id, signedTrsDocuments.userId))
    .where(and(eq(signedTrsDocuments.userId, userId), eq(signedTrsDocuments.signatureTypeId, signatureTypeId)));
  return row;
}
