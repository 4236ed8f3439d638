import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { memoize } from '../../../lib/cache.ts';
import type { SessionRider } from '../../../types.ts';
import { passwordResets, sessions, users } from '../schema.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts the user; null when the email already exists (the unique index decides, not a prior read). */
export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow | null> {
  const rows = await db.insert(users).values(values).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function insertSession(
  db: DbOrTx,
  values: { id: string; userId: number; expiresAt: Date; userAgent: string | null; ip: string | null },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The token's session (placeholders sessionId and userId), neither revoked nor expired. */
const liveSessionCondition = () =>
  and(
    eq(sessions.id, sql.placeholder('sessionId')),
    eq(sessions.userId, sql.placeholder('userId')),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
  );

const activeSessionQuery = (db: DbOrTx) =>
  db
    .select({ id: sessions.id, userId: sessions.userId, lastRefreshedAt: sessions.lastRefreshedAt })
    .from(sessions)
    .where(liveSessionCondition())
    .limit(1)
    .prepare('active_session');
const activeSessionStatement = memoize(activeSessionQuery);

/** The session behind a token, if it is neither revoked nor expired (checked on every signed-in call: prepared once). */
export async function findActiveSession(db: DbOrTx, sessionId: string, userId: number) {
  const [row] = await activeSessionStatement(db).execute({ sessionId, userId });
  return row;
}

/**
 * The same check with a rider's value read in the same statement (a scalar expression over the user id that another
 * module owns, SessionRider in types.ts): one statement prepared per rider and database handle.
 */
const riderSessionStatement = memoize((db: DbOrTx) =>
  memoize((rider: SessionRider) =>
    db
      .select({ id: sessions.id, rider: sql<unknown>`(${rider.value})`.as('rider') })
      .from(sessions)
      .where(liveSessionCondition())
      .limit(1)
      .prepare(`active_session_with_${rider.name}`),
  ),
);

/** The live session's row with the rider's raw value; undefined when the session is revoked, expired or unknown. */
export async function findActiveSessionWith(db: DbOrTx, sessionId: string, userId: number, rider: SessionRider) {
  const [row] = await riderSessionStatement(db)(rider).execute({ sessionId, userId });
  return row;
}

export async function touchSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ lastRefreshedAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function insertPasswordReset(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
}

/**
 * A link is live while unused and unexpired, and only while it is its account's newest link made after
 * the last password change: a new link, or a completed reset, revokes every earlier one without
 * touching their rows, and two links requested at the same moment cannot both stay live.
 */
const liveResetCondition = (tokenHash: string) =>
  and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
    sql`not exists (select 1 from ${passwordResets} as newer where newer.user_id = ${passwordResets.userId} and newer.id > ${passwordResets.id})`,
    sql`${passwordResets.createdAt} > (select u.password_changed_at from ${users} as u where u.id = ${passwordResets.userId})`,
  );

export async function findLiveReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ userId: passwordResets.userId, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(liveResetCondition(tokenHash))
    .limit(1);
  return row;
}

/** Single use: only the first caller gets the user id back. */
export async function consumeReset(db: DbOrTx, tokenHash: string): Promise<number | null> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(liveResetCondition(tokenHash))
    .returning({ userId: passwordResets.userId });
  return rows[0]?.userId ?? null;
}

export async function updatePassword(db: DbOrTx, userId: number, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Ends every live session of the account with this email (any letter case); answers how many. */
export async function revokeSessionsByEmail(db: DbOrTx, email: string): Promise<number | null> {
  const user = await findUserByEmail(db, email);
  if (!user) return null;
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Ends every live session of every account (a suspected key or token leak); answers how many. */
export async function revokeEverySession(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(isNull(sessions.revokedAt))
    .returning({ id: sessions.id });
  return rows.length;
}
