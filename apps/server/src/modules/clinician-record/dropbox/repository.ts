import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { users } from '../../identity/schema.ts';
import { documentUploads, dropboxDocuments } from '../schema.ts';

export type UploadRow = typeof documentUploads.$inferSelect;

/** Advisory lock class of one clinician's dropbox (the second key is the user id). */
const UPLOADS_LOCK = 18_101;

/**
 * Serialises one clinician's uploads until the transaction ends, so the caps hold when uploads race (also
 * across server processes on one database).
 */
export async function lockUploads(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${UPLOADS_LOCK}, ${userId})`);
}

/** The clinician's uploads (named or not) and their bytes. */
export async function uploadUsage(db: DbOrTx, userId: number): Promise<{ files: number; bytes: number }> {
  const [row] = await db
    .select({ files: count(), bytes: sum(documentUploads.sizeBytes) })
    .from(documentUploads)
    .where(eq(documentUploads.userId, userId));
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Of these storage keys, the ones an upload row still references (the orphan-file sweep asks). */
export async function referencedKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: documentUploads.storageKey })
    .from(documentUploads)
    .where(inArray(documentUploads.storageKey, keys));
  return new Set(rows.map((r) => r.key));
}

export async function insertUpload(db: DbOrTx, values: typeof documentUploads.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(documentUploads).values(values).returning();
  return row!;
}

/** The caller's own upload by its storage key; undefined for anyone else's. */
export async function findOwnUpload(db: DbOrTx, userId: number, storageKey: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(documentUploads)
    .where(and(eq(documentUploads.userId, userId), eq(documentUploads.storageKey, storageKey)))
    .limit(1);
  return row;
}

/** Marks a pending upload attached; false when it was already attached (a concurrent attach lost). */
export async function markAttached(db: DbOrTx, uploadId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(documentUploads)
    .set({ attachedAt: at })
    .where(and(eq(documentUploads.id, uploadId), isNull(documentUploads.attachedAt)))
    .returning({ id: documentUploads.id });
  return rows.length === 1;
}

export async function insertDropboxDocument(db: DbOrTx, values: typeof dropboxDocuments.$inferInsert) {
  const [row] = await db.insert(dropboxDocuments).values(values).returning();
  return row!;
}

export async function listDropbox(db: DbOrTx, userId: number) {
  return db
    .select({
      id: dropboxDocuments.id,
      title: dropboxDocuments.title,
      addedAt: dropboxDocuments.addedAt,
      storageKey: documentUploads.storageKey,
      kind: documentUploads.kind,
      sizeBytes: documentUploads.sizeBytes,
      userId: dropboxDocuments.userId,
    })
    .from(dropboxDocuments)
    .innerJoin(documentUploads, eq(documentUploads.id, dropboxDocuments.uploadId))
    .where(eq(dropboxDocuments.userId, userId))
    .orderBy(desc(dropboxDocuments.addedAt), desc(dropboxDocuments.id));
}

/** Deletes the caller's dropbox document and its upload; answers the storage key, or null if none. */
export async function deleteOwnDropbox(db: DbOrTx, userId: number, id: number): Promise<string | null> {
  const [doc] = await db
    .delete(dropboxDocuments)
    .where(and(eq(dropboxDocuments.id, id), eq(dropboxDocuments.userId, userId)))
    .returning({ uploadId: dropboxDocuments.uploadId });
  if (!doc) return null;
  const [up] = await db
    .delete(documentUploads)
    .where(eq(documentUploads.id, doc.uploadId))
    .returning({ storageKey: documentUploads.storageKey });
  return up?.storageKey ?? null;
}

export async function titleOfUpload(db: DbOrTx, uploadId: number): Promise<string | null> {
  const [row] = await db
    .select({ title: dropboxDocuments.title })
    .from(dropboxDocuments)
    .where(eq(dropboxDocuments.uploadId, uploadId))
    .limit(1);
  return row?.title ?? null;
}

export async function staleUploads(db: DbOrTx, before: Date, limit = 500) {
  return db
    .select({ id: documentUploads.id, storageKey: documentUploads.storageKey })
    .from(documentUploads)
    .where(and(isNull(documentUploads.attachedAt), lt(documentUploads.createdAt, before)))
    .limit(limit);
}

export async function deleteUploadIfPending(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(documentUploads)
    .where(and(eq(documentUploads.id, id), isNull(documentUploads.attachedAt)))
    .returning({ id: documentUploads.id });
  return rows.length === 1;
}

// ---- the agency's reads
const clinician = { userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };

export async function documentsAfter(db: DbOrTx, after: number, limit: number) {
  return db
    .select({
      id: dropboxDocuments.id,
      title: dropboxDocuments.title,
      addedAt: dropboxDocuments.addedAt,
      kind: documentUploads.kind,
      sizeBytes: documentUploads.sizeBytes,
      clinician,
    })
    .from(dropboxDocuments)
    .innerJoin(documentUploads, eq(documentUploads.id, dropboxDocuments.uploadId))
    .innerJoin(users, eq(users.id, dropboxDocuments.userId))
    .where(gt(dropboxDocuments.id, after))
    .orderBy(asc(dropboxDocuments.id))
    .limit(limit);
}

export async function documentFile(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ title: dropboxDocuments.title, kind: documentUploads.kind, storageKey: documentUploads.storageKey })
    .from(dropboxDocuments)
    .innerJoin(documentUploads, eq(documentUploads.id, dropboxDocuments.uploadId))
    .where(eq(dropboxDocuments.id, id))
    .limit(1);
  return row;
}
