import {
  addCalendarDays,
  DEFAULT_SHIFT_TIME,
  datePart,
  isLocalTimestamp,
  parseCalendarDate,
  type AgencyPayPeriod,
  type AgencyTimesheet,
  type PayPeriodStatus,
  type CreateShiftRequest,
  type Shift,
  type ShiftType,
  type TimesheetContract,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { badRequest, conflict, notFound, unprocessable } from '../../../lib/errors.ts';
import { utcIsoDate } from '../../../lib/utc-date.ts';
import { deliverSoon, recordEvent } from '../../platform/index.ts';
import { payPeriodLockedMail, payPeriodReopenedMail } from '../notices.ts';
import * as repo from './repository.ts';

/** Postgres answers 'YYYY-MM-DD HH:mm:ss'; the API speaks local timestamps 'YYYY-MM-DDTHH:mm:ss'. */
function localTs(value: string | null): string {
  if (!value) return DEFAULT_SHIFT_TIME;
  return value.replace(' ', 'T').slice(0, 19);
}

function normalizeTs(value: string): string {
  const v = value.length === 16 ? `${value}:00` : value.slice(0, 19);
  if (!isLocalTimestamp(v)) throw badRequest('Invalid time', 'startTime');
  return v;
}

function validDate(value: string, field: string): string {
  const d = datePart(value);
  if (!parseCalendarDate(d)) throw badRequest('Invalid date', field);
  return d;
}

/**
 * Shift times are the facility's wall clock, and facilities carry no time zone: the latest wall clock of the
 * states the portal serves (Eastern) bounds them, so no shift that has not ended anywhere is accepted.
 */
const LATEST_US_ZONE = 'America/New_York';
const wallClock = new Intl.DateTimeFormat('sv-SE', {
  timeZone: LATEST_US_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
/** 'YYYY-MM-DDTHH:mm:ss' of `now` on the latest wall clock. */
export function latestWallClock(now: Date): string {
  return wallClock.format(now).replace(' ', 'T');
}

/** Time is logged for what was worked: no shift on a later day, and no timed shift that has not ended yet. */
function assertNotFuture(shiftDate: string, endTime: string | null, now: Date) {
  const clock = latestWallClock(now);
  if (shiftDate > clock.slice(0, 10))
    throw unprocessable('shift_in_future', 'A shift cannot be in the future.', 'shiftDate');
  if (endTime && endTime > clock)
    throw unprocessable('shift_in_future', 'A shift cannot end after the current time.', 'endTime');
}

/** Completed contracts stay on the timesheet page this many days after their end date. */
const RECENT_DAYS = 60;

const locked = () => conflict('pay_period_locked', 'This pay period is locked or submitted and cannot be changed.');

/** Where a pay period is, as the agency sees it (docs/decisions/0042-pay-periods-for-the-agency.md). */
export function payPeriodStatus(p: {
  isLocked: boolean;
  submittedAt: Date | null;
  approvedAt: Date | null;
}): PayPeriodStatus {
  if (p.approvedAt) return 'approved';
  if (p.isLocked) return 'locked';
  if (p.submittedAt) return 'submitted';
  return 'open';
}

export function toAgencyPayPeriod(p: {
  id: number;
  contractId: number;
  startDate: string;
  endDate: string;
  isLocked: boolean;
  submittedAt: Date | null;
  lockedAt: Date | null;
  approvedAt: Date | null;
}): AgencyPayPeriod {
  return {
    timesheetId: p.id,
    contractId: p.contractId,
    startDate: p.startDate,
    endDate: p.endDate,
    status: payPeriodStatus(p),
    submittedAt: p.submittedAt?.toISOString() ?? null,
    lockedAt: p.lockedAt?.toISOString() ?? null,
    approvedAt: p.approvedAt?.toISOString() ?? null,
  };
}

/** Worked minutes of a shift: end - start - lunch (0 for types without times). */
function workedMinutes(start: string | null, end: string | null, lunch: number | null): number {
  if (!start || !end) return 0;
  const m = (Date.parse(`${end.replace(' ', 'T')}Z`) - Date.parse(`${start.replace(' ', 'T')}Z`)) / 60000;
  return Math.max(0, m - (lunch ?? 0));
}

export class TimesheetService {
  constructor(private readonly ctx: AppContext) {}

  async list(userId: number): Promise<TimesheetContract[]> {
    const recent = addCalendarDays(utcIsoDate(this.ctx.now()), -RECENT_DAYS);
    const { rows, periods } = await repo.contractsWithTimesheets(this.ctx.db, userId, recent);
    return rows.map((r) => ({
      contractId: r.contractId,
      contractNum: r.contractNum,
      facilityName: r.facilityName,
      city: r.city,
      state: r.state,
      startDate: r.startDate,
      endDate: r.endDate,
      unit: r.terms.unit,
      timesheets: periods
        .filter((p) => p.contractId === r.contractId)
        .map((p) => ({
          timesheetId: p.id,
          startDate: p.startDate,
          endDate: p.endDate,
          isLocked: p.isLocked,
          submittedDate: p.submittedAt ? p.submittedAt.toISOString() : null,
          approvedDate: p.approvedAt ? p.approvedAt.toISOString() : null,
        })),
    }));
  }

  private async period(userId: number, timesheetId: number) {
    const p = await repo.ownedTimesheet(this.ctx.db, userId, timesheetId);
    if (!p) throw notFound('Timesheet');
    return p;
  }

  async shifts(userId: number, timesheetId: number): Promise<Shift[]> {
    await this.period(userId, timesheetId);
    const rows = await repo.listShifts(this.ctx.db, timesheetId);
    return rows.map((s) => ({
      shiftId: s.id,
      shiftDate: `${s.shiftDate}T00:00:00`,
      shiftTypeId: s.shiftTypeId,
      startTime: localTs(s.startTime),
      endTime: localTs(s.endTime),
      lunch: s.lunch,
      timesheetId: s.timesheetId,
      unit: s.unit,
    }));
  }

  async shiftTypes(userId: number, timesheetId: number): Promise<ShiftType[]> {
    await this.period(userId, timesheetId);
    const rows = await repo.allShiftTypes(this.ctx.db);
    return rows.map((t) => ({
      shiftTypeId: t.id,
      name: t.name,
      includeShiftTimes: t.includeShiftTimes,
      includeLunch: t.includeLunch,
    }));
  }

  async save(userId: number, input: CreateShiftRequest): Promise<number> {
    const period = await this.period(userId, input.timesheetId);
    if (period.isLocked || period.submittedAt) throw locked();
    const type = await repo.shiftType(this.ctx.db, input.shiftTypeId);
    if (!type) throw unprocessable('invalid_shift_type', 'Choose a shift type.', 'shiftTypeId');
    const shiftDate = validDate(input.shiftDate, 'shiftDate');
    if (shiftDate < period.startDate || shiftDate > period.endDate)
      throw unprocessable('shift_outside_period', 'The shift date must be within the pay period.', 'shiftDate');
    let startTime: string | null = null;
    let endTime: string | null = null;
    if (type.includeShiftTimes) {
      const s = input.startTime && !input.startTime.startsWith('1900-01-01') ? normalizeTs(input.startTime) : null;
      const e = input.endTime && !input.endTime.startsWith('1900-01-01') ? normalizeTs(input.endTime) : null;
      if (!s) throw unprocessable('start_time_required', 'Start time is required for this shift type.', 'startTime');
      if (!e) throw unprocessable('end_time_required', 'End time is required for this shift type.', 'endTime');
      if (datePart(s) !== shiftDate)
        throw unprocessable('start_time_date', 'The start time must be on the shift date.', 'startTime');
      const minutes = (Date.parse(`${e}Z`) - Date.parse(`${s}Z`)) / 60000;
      if (minutes <= 0)
        throw unprocessable('end_before_start', 'The end time must be after the start time.', 'endTime');
      if (minutes > 24 * 60)
        throw unprocessable('shift_too_long', 'A shift cannot be longer than 24 hours.', 'endTime');
      if (type.includeLunch && (input.lunch ?? 0) >= minutes)
        throw unprocessable('lunch_too_long', 'Lunch must be shorter than the shift.', 'lunch');
      startTime = s;
      endTime = e;
    }
    assertNotFuture(shiftDate, endTime, this.ctx.now());
    let lunch: number | null = null;
    if (type.includeLunch) {
      if (input.lunch === null || input.lunch === undefined)
        throw unprocessable('lunch_required', 'Lunch minutes are required for this shift type.', 'lunch');
      lunch = input.lunch;
    }
    const values = {
      shiftDate,
      shiftTypeId: type.id,
      startTime,
      endTime,
      lunch,
      unit: input.unit?.trim() || null,
      timesheetId: period.id,
    };
    return this.ctx.db.transaction(async (tx) => {
      await repo.lockClinicianShifts(tx, userId);
      if (!(await repo.lockOpenPeriod(tx, period.id))) throw locked();
      if (startTime && endTime && (await repo.overlapping(tx, userId, startTime, endTime, input.shiftId || null)))
        throw unprocessable('shift_overlap', 'This shift overlaps another time entry.', 'startTime');
      if (input.shiftId) {
        const owned = await repo.ownedShift(tx, userId, input.shiftId);
        if (!owned || owned.timesheetId !== period.id) throw notFound('Shift');
        await repo.updateShift(tx, input.shiftId, period.id, { ...values, updatedAt: this.ctx.now() });
        return input.shiftId;
      }
      return repo.insertShift(tx, values);
    });
  }

  async remove(userId: number, shiftId: number): Promise<void> {
    const shift = await repo.ownedShift(this.ctx.db, userId, shiftId);
    if (!shift) throw notFound('Shift');
    await this.ctx.db.transaction(async (tx) => {
      if (!(await repo.lockOpenPeriod(tx, shift.timesheetId))) throw locked();
      await repo.deleteShift(tx, shiftId);
    });
  }

  // ---- the agency's calls (any clinician's period; transitions checked on the locked row)

  async agencyTimesheet(timesheetId: number): Promise<AgencyTimesheet> {
    const p = await repo.periodForAgency(this.ctx.db, timesheetId);
    if (!p) throw notFound('Pay period');
    const [rows, types] = await Promise.all([
      repo.listShifts(this.ctx.db, timesheetId),
      repo.allShiftTypes(this.ctx.db),
    ]);
    const shifts = rows.map((s) => ({
      shiftId: s.id,
      shiftDate: s.shiftDate,
      shiftType: types.find((t) => t.id === s.shiftTypeId)?.name ?? String(s.shiftTypeId),
      startTime: s.startTime ? localTs(s.startTime) : null,
      endTime: s.endTime ? localTs(s.endTime) : null,
      lunchMinutes: s.lunch,
      unit: s.unit,
      minutes: workedMinutes(s.startTime, s.endTime, s.lunch),
    }));
    return {
      ...toAgencyPayPeriod(p),
      clinician: { userId: p.userId, firstName: p.firstName, lastName: p.lastName, email: p.email },
      shifts,
      totalHours: Math.round((shifts.reduce((n, s) => n + s.minutes, 0) / 60) * 100) / 100,
    };
  }

  /** Locks a period (open or submitted): the clinician can no longer change it. Mails the clinician. */
  async lockPeriod(timesheetId: number): Promise<AgencyPayPeriod> {
    return this.agencyChange(timesheetId, async (tx, p, now) => {
      if (p.isLocked)
        throw conflict(
          'pay_period_already_locked',
          `Pay period ${timesheetId} is already ${p.approvedAt ? 'approved' : 'locked'}.`,
        );
      await repo.setPeriodFlags(tx, p.id, { isLocked: true, lockedAt: now });
      await payPeriodLockedMail(this.ctx, tx, p, { ...mailPeriod(p), approved: false });
      return { ...p, isLocked: true, lockedAt: now };
    });
  }

  /** Accepts the submitted time: the period is approved and locked. Mails the clinician. */
  async approvePeriod(timesheetId: number): Promise<AgencyPayPeriod> {
    return this.agencyChange(timesheetId, async (tx, p, now) => {
      if (p.approvedAt) throw conflict('pay_period_already_approved', `Pay period ${timesheetId} is already approved.`);
      if (!p.submittedAt)
        throw conflict(
          'pay_period_not_submitted',
          `Pay period ${timesheetId} has not been submitted by the clinician yet.`,
        );
      const lockedAt = p.lockedAt ?? now;
      await repo.setPeriodFlags(tx, p.id, { isLocked: true, lockedAt, approvedAt: now });
      await payPeriodLockedMail(this.ctx, tx, p, { ...mailPeriod(p), approved: true });
      return { ...p, isLocked: true, lockedAt, approvedAt: now };
    });
  }

  /** Gives a submitted or locked (not approved) period back to the clinician to correct and submit again. */
  async reopenPeriod(timesheetId: number): Promise<AgencyPayPeriod> {
    return this.agencyChange(timesheetId, async (tx, p) => {
      if (p.approvedAt)
        throw conflict('pay_period_approved', `Pay period ${timesheetId} is approved and cannot be reopened.`);
      if (!p.isLocked && !p.submittedAt)
        throw conflict('pay_period_open', `Pay period ${timesheetId} is already open.`);
      await repo.setPeriodFlags(tx, p.id, { isLocked: false, lockedAt: null, submittedAt: null });
      await payPeriodReopenedMail(this.ctx, tx, p, mailPeriod(p));
      return { ...p, isLocked: false, lockedAt: null, submittedAt: null };
    });
  }

  private async agencyChange(
    timesheetId: number,
    change: (
      tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
      p: NonNullable<Awaited<ReturnType<typeof repo.periodForAgency>>>,
      now: Date,
    ) => Promise<Parameters<typeof toAgencyPayPeriod>[0]>,
  ): Promise<AgencyPayPeriod> {
    const out = await this.ctx.db.transaction(async (tx) => {
      const p = await repo.periodForAgency(tx, timesheetId, true);
      if (!p) throw notFound('Pay period');
      return change(tx, p, this.ctx.now());
    });
    deliverSoon(this.ctx);
    return toAgencyPayPeriod(out);
  }

  async submit(userId: number, timesheetId: number): Promise<{ timesheetId: number; submittedDate: string }> {
    const period = await this.period(userId, timesheetId);
    if (period.isLocked) throw locked();
    if (period.submittedAt) throw conflict('pay_period_submitted', 'This pay period has already been submitted.');
    const at = await this.ctx.db.transaction(async (tx) => {
      const submittedAt = await repo.submitPeriod(tx, timesheetId, this.ctx.now());
      if (submittedAt)
        await recordEvent(tx, {
          type: 'timesheet.submitted',
          userId,
          payload: {
            timesheetId,
            contractId: period.contractId,
            startDate: period.startDate,
            endDate: period.endDate,
            submittedAt: submittedAt.toISOString(),
          },
        });
      return submittedAt;
    });
    if (!at) throw conflict('pay_period_submitted', 'This pay period has already been submitted.');
    return { timesheetId, submittedDate: at.toISOString() };
  }
}

const mailPeriod = (p: {
  id: number;
  contractNum: string;
  facilityName: string;
  startDate: string;
  endDate: string;
}) => ({
  timesheetId: p.id,
  contractNum: p.contractNum,
  facilityName: p.facilityName,
  startDate: p.startDate,
  endDate: p.endDate,
});
