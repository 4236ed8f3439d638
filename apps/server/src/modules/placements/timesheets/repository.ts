import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import { addCalendarDays } from '@hcp/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { contracts, shifts, shiftTypes, timesheets } from '../schema.ts';
import { users } from '../../identity/schema.ts';
import { facilities, jobs } from '../../jobs/schema.ts';
import { states } from '../../reference-data/schema.ts';

/** Working contracts, and completed ones that ended on or after `recentEnd` (their last periods may still be open). */
export async function contractsWithTimesheets(db: DbOrTx, userId: number, recentEnd: string) {
  const rows = await db
    .select({
      contractId: contracts.id,
      contractNum: contracts.contractNum,
      facilityName: facilities.name,
      city: facilities.city,
      state: states.abbreviation,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
      terms: contracts.terms,
    })
    .from(contracts)
    .innerJoin(jobs, eq(jobs.id, contracts.jobId))
    .innerJoin(facilities, eq(facilities.id, jobs.facilityId))
    .innerJoin(states, eq(states.id, facilities.stateId))
    .where(
      and(
        eq(contracts.userId, userId),
        or(eq(contracts.stage, 'working'), and(eq(contracts.stage, 'completed'), gte(contracts.endDate, recentEnd))),
      ),
    )
    // Contracts starting the same day keep one order from call to call (PostgreSQL returns ties in any order).
    .orderBy(asc(contracts.startDate), asc(contracts.id));
  const ids = rows.map((r) => r.contractId);
  const periods = ids.length
    ? await db
        .select()
        .from(timesheets)
        .where(inArray(timesheets.contractId, ids))
        .orderBy(asc(timesheets.startDate), asc(timesheets.id))
    : [];
  return { rows, periods };
}

/** What the clinician's and the agency's reads of one pay period both need. */
const periodColumns = {
  id: timesheets.id,
  contractId: timesheets.contractId,
  startDate: timesheets.startDate,
  endDate: timesheets.endDate,
  isLocked: timesheets.isLocked,
  submittedAt: timesheets.submittedAt,
};

/** A pay period of the caller (joined through its contract), or undefined. */
export async function ownedTimesheet(db: DbOrTx, userId: number, timesheetId: number) {
  const [row] = await db
    .select({
      ...periodColumns,
      contractStage: contracts.stage,
    })
    .from(timesheets)
    .innerJoin(contracts, eq(contracts.id, timesheets.contractId))
    .where(and(eq(timesheets.id, timesheetId), eq(contracts.userId, userId)));
  return row;
}

export async function ownedShift(db: DbOrTx, userId: number, shiftId: number) {
  const [row] = await db
    .select({ id: shifts.id, timesheetId: shifts.timesheetId })
    .from(shifts)
    .innerJoin(timesheets, eq(timesheets.id, shifts.timesheetId))
    .innerJoin(contracts, eq(contracts.id, timesheets.contractId))
    .where(and(eq(shifts.id, shiftId), eq(contracts.userId, userId)));
  return row;
}

export async function listShifts(db: DbOrTx, timesheetId: number) {
  return db
    .select()
    .from(shifts)
    .where(eq(shifts.timesheetId, timesheetId))
    .orderBy(asc(shifts.shiftDate), asc(shifts.startTime), asc(shifts.id));
}

export async function allShiftTypes(db: DbOrTx) {
  return db.select().from(shiftTypes).orderBy(asc(shiftTypes.id));
}

export async function shiftType(db: DbOrTx, id: number) {
  const [row] = await db.select().from(shiftTypes).where(eq(shiftTypes.id, id));
  return row;
}

/** Writes only while the period is open (not locked, not submitted): checked again inside the transaction. */
export async function lockOpenPeriod(db: DbOrTx, timesheetId: number) {
  const [row] = await db
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(and(eq(timesheets.id, timesheetId), eq(timesheets.isLocked, false), isNull(timesheets.submittedAt)))
    .for('update');
  return !!row;
}

export async function insertShift(db: DbOrTx, values: typeof shifts.$inferInsert) {
  const [row] = await db.insert(shifts).values(values).returning({ id: shifts.id });
  return row!.id;
}

export async function updateShift(
  db: DbOrTx,
  id: number,
  timesheetId: number,
  values: Partial<typeof shifts.$inferInsert>,
) {
  const rows = await db
    .update(shifts)
    .set(values)
    .where(and(eq(shifts.id, id), eq(shifts.timesheetId, timesheetId)))
    .returning({ id: shifts.id });
  return rows.length > 0;
}

export async function deleteShift(db: DbOrTx, id: number) {
  await db.delete(shifts).where(eq(shifts.id, id));
}

export async function submitPeriod(db: DbOrTx, timesheetId: number, at: Date) {
  const [row] = await db
    .update(timesheets)
    .set({ submittedAt: at })
    .where(and(eq(timesheets.id, timesheetId), eq(timesheets.isLocked, false), isNull(timesheets.submittedAt)))
    .returning({ submittedAt: timesheets.submittedAt });
  return row?.submittedAt ?? null;
}

/** Advisory lock class of a clinician's shifts ('SHFT'): with the user id, one lock per clinician. */
const SHIFTS_LOCK_CLASS = 0x53484654;

/**
 * Serialises the clinician's shift writes until the transaction ends: the overlap check spans every pay
 * period of every contract, so the period's row lock alone would let two saves in two periods both pass.
 */
export async function lockClinicianShifts(db: DbOrTx, userId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(${SHIFTS_LOCK_CLASS}::int, ${userId}::int)`);
}

/** Another shift of the same clinician, in any pay period of any contract, whose times overlap [start, end). */
export async function overlapping(db: DbOrTx, userId: number, start: string, end: string, exceptId: number | null) {
  const [row] = await db
    .select({ id: shifts.id })
    .from(shifts)
    .innerJoin(timesheets, eq(timesheets.id, shifts.timesheetId))
    .innerJoin(contracts, eq(contracts.id, timesheets.contractId))
    .where(
      and(
        eq(contracts.userId, userId),
        isNotNull(shifts.startTime),
        lt(shifts.startTime, end),
        gt(shifts.endTime, start),
        exceptId ? ne(shifts.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** A pay period of any clinician with its contract and clinician (the agency's calls); `lock` holds the row. */
export async function periodForAgency(db: DbOrTx, timesheetId: number, lock = false) {
  const q = db
    .select({
      ...periodColumns,
      lockedAt: timesheets.lockedAt,
      approvedAt: timesheets.approvedAt,
      contractNum: contracts.contractNum,
      contractStage: contracts.stage,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      facilityName: facilities.name,
    })
    .from(timesheets)
    .innerJoin(contracts, eq(contracts.id, timesheets.contractId))
    .innerJoin(users, eq(users.id, contracts.userId))
    .innerJoin(jobs, eq(jobs.id, contracts.jobId))
    .innerJoin(facilities, eq(facilities.id, jobs.facilityId))
    .where(eq(timesheets.id, timesheetId));
  const [row] = lock ? await q.for('update', { of: timesheets }) : await q;
  return row;
}

export async function setPeriodFlags(
  db: DbOrTx,
  timesheetId: number,
  values: Partial<Pick<typeof timesheets.$inferInsert, 'isLocked' | 'lockedAt' | 'approvedAt' | 'submittedAt'>>,
) {
  await db.update(timesheets).set(values).where(eq(timesheets.id, timesheetId));
}

/** Pay periods of contracts (oldest first). */
export async function payPeriodsOf(db: DbOrTx, contractIds: number[]) {
  if (contractIds.length === 0) return [];
  return db
    .select()
    .from(timesheets)
    .where(inArray(timesheets.contractId, contractIds))
    .orderBy(asc(timesheets.contractId), asc(timesheets.startDate));
}

/** Removes open periods that start after `date` and hold no shifts (an assignment that ended early). */
export async function removeEmptyOpenPeriodsAfter(db: DbOrTx, contractId: number, date: string) {
  await db.delete(timesheets).where(
    and(
      eq(timesheets.contractId, contractId),
      gt(timesheets.startDate, date),
      eq(timesheets.isLocked, false),
      isNull(timesheets.submittedAt),
      notExists(
        db
          .select({ one: sql`1` })
          .from(shifts)
          .where(eq(shifts.timesheetId, timesheets.id)),
      ),
    ),
  );
}

/** `weeks` weekly pay periods (Sunday to Saturday) from `firstSunday`; weeks that already have one are skipped. */
export async function createPayPeriods(db: DbOrTx, contractId: number, firstSunday: string, weeks: number) {
  if (weeks <= 0) return [];
  const values = Array.from({ length: weeks }, (_, i) => ({
    contractId,
    startDate: addCalendarDays(firstSunday, i * 7),
    endDate: addCalendarDays(firstSunday, i * 7 + 6),
  }));
  return db
    .insert(timesheets)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: timesheets.id, startDate: timesheets.startDate, endDate: timesheets.endDate });
}

export async function setPeriodState(
  db: DbOrTx,
  timesheetId: number,
  state: { isLocked?: boolean; submittedAt?: Date | null },
) {
  const lockedAt = state.isLocked === undefined ? {} : { lockedAt: state.isLocked ? new Date() : null };
  await db
    .update(timesheets)
    .set({ ...state, ...lockedAt })
    .where(eq(timesheets.id, timesheetId));
}

export async function addShift(
  db: DbOrTx,
  v: {
    timesheetId: number;
    shiftDate: string;
    shiftTypeId?: number;
    start?: string;
    end?: string;
    lunch?: number | null;
    unit?: string | null;
  },
) {
  const start = v.start ?? '07:00';
  const end = v.end ?? '19:30';
  const nextDay = end <= start;
  const [row] = await db
    .insert(shifts)
    .values({
      timesheetId: v.timesheetId,
      shiftDate: v.shiftDate,
      shiftTypeId: v.shiftTypeId ?? 1,
      startTime: `${v.shiftDate} ${start}:00`,
      endTime: `${nextDay ? addCalendarDays(v.shiftDate, 1) : v.shiftDate} ${end}:00`,
      lunch: v.lunch === undefined ? 30 : v.lunch,
      unit: v.unit ?? null,
    })
    .returning({ id: shifts.id });
  return row!.id;
}
