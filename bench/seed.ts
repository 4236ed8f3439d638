/**
 * Bench data: the generated jobs (the app's own seed) and many clinicians inserted in bulk, with one argon2
 * hash computed once and reused, so 10,000 accounts take seconds. Every tenth clinician has the whole pipeline
 * (submissions, an offer, an onboarding contract, a working contract with weekly pay periods and shifts), so the
 * dashboard calls answer real rows. Sessions are inserted for the clinicians the load uses; their tokens are
 * signed with the server's JWT secret (the bench sets JWT_SECRET).
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../apps/server/src/context.ts';
import type { Db } from '../apps/server/src/db/client.ts';
import {
  agencyApiKeys,
  contracts,
  jobs,
  offers,
  sessions,
  shifts,
  submissions,
  timesheets,
  users,
} from '../apps/server/src/db/schema/index.ts';
import { seedJobs, seedReference } from '../apps/server/src/db/seed/index.ts';
import { hashPassword, sha256Hex } from '../apps/server/src/lib/crypto.ts';
import { Tokens } from '../apps/server/src/lib/tokens.ts';

export const BENCH_PASSWORD = 'Bench-Travel-2026';
export const BENCH_JWT_SECRET = 'bench-jwt-secret-0123456789abcdef0123456789abcdef';
export const BENCH_DATA_KEY = 'ab'.repeat(32);
const API_KEY_ID = 'be0c0000b001';
const API_KEY_SECRET = 'cd'.repeat(32);
export const BENCH_API_KEY = `agk_${API_KEY_ID}_${API_KEY_SECRET}`;

export interface BenchUser {
  id: number;
  email: string;
  token: string;
  /** The open pay period and one of its shifts (full-pipeline clinicians only). */
  timesheetId?: number;
  shiftId?: number;
  shiftDate?: string;
}

export interface BenchData {
  clinicians: { id: number; email: string }[];
  /** Clinicians with the whole pipeline and a live session (dashboard, userInfo, shift save). */
  active: BenchUser[];
}

function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

function fakeCtx(db: Db): AppContext {
  // Seeding runs before any server starts: there is no other process to tell about the jobs written.
  const changes = { publish: async () => {} };
  return { db, now: () => new Date(), events: new EventEmitter(), changes, log: console } as unknown as AppContext;
}

export async function seedBenchJobs(db: Db, count: number): Promise<void> {
  const ctx = fakeCtx(db);
  await seedReference(ctx);
  await seedJobs(ctx, count, 42);
}

async function insertReturning<T>(rows: T[], size: number, insert: (part: T[]) => Promise<unknown[]>) {
  const out: unknown[] = [];
  for (const part of chunks(rows, size)) out.push(...(await insert(part)));
  return out;
}

export async function seedClinicians(db: Db, count: number, activeCount: number): Promise<BenchData> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const userRows = Array.from({ length: count }, (_, i) => ({
    email: `bench.nurse${i + 1}@example.com`,
    phone: `512555${String(i % 10000).padStart(4, '0')}`,
    firstName: `Bench${i + 1}`,
    lastName: 'Nurse',
    professionId: 13,
    leadSourceId: 121,
    passwordHash,
    applicationComplete: i % 5 !== 4,
    eligibleForSubmission: i % 5 !== 4,
    applicationSubmittedAt: i % 5 !== 4 ? now : null,
  }));
  const inserted = (await insertReturning(userRows, 2000, (part) =>
    db.insert(users).values(part).returning({ id: users.id, email: users.email }),
  )) as { id: number; email: string }[];
  inserted.sort((a, b) => a.id - b.id);

  // Jobs clinicians apply for: available Registered Nurse jobs, in id order.
  const pool = await db
    .select({
      id: jobs.id,
      shift: jobs.shift,
      shiftsPerWeek: jobs.shiftsPerWeek,
      hoursPerShift: jobs.hoursPerShift,
      hourlyRate: jobs.hourlyRate,
      overTimeRate: jobs.overTimeRate,
      onCallRate: jobs.onCallRate,
      callBackRate: jobs.callBackRate,
      premiumRate: jobs.premiumRate,
      weeklyMeals: jobs.weeklyMeals,
      weeklyLodging: jobs.weeklyLodging,
      grossWeeklyPay: jobs.grossWeeklyPay,
      bonuses: jobs.bonuses,
      durationWeeks: jobs.durationWeeks,
      startDate: jobs.startDate,
    })
    .from(jobs)
    .where(and(eq(jobs.professionId, 13), eq(jobs.isAvailable, true)))
    .orderBy(asc(jobs.id))
    .limit(20_000);
  if (pool.length < 10) throw new Error('Not enough jobs to seed clinicians');
  const jobOf = (userIndex: number, k: number) => pool[(userIndex * 7 + k * 1931) % pool.length]!;

  // Submissions: every complete clinician has two; every tenth has five (two offered, four with a placement).
  const subRows: (typeof submissions.$inferInsert)[] = [];
  inserted.forEach((u, i) => {
    if (i % 5 === 4) return;
    const n = i % 10 === 0 ? 5 : i % 10 === 1 ? 3 : 2;
    for (let k = 0; k < n; k++)
      subRows.push({
        userId: u.id,
        jobId: jobOf(i, k).id,
        status: k >= 2 ? 'offered' : 'submitted',
        desiredStartDate: addDays(today, 30 + k),
        bestContactTime: 'Weekday mornings',
        createdAt: new Date(now.getTime() - (k + 1) * 86_400_000),
      });
  });
  const subs = (await insertReturning(subRows, 2000, (part) =>
    db.insert(submissions).values(part).onConflictDoNothing().returning({
      id: submissions.id,
      userId: submissions.userId,
      jobId: submissions.jobId,
      status: submissions.status,
    }),
  )) as { id: number; userId: number; jobId: number; status: string }[];
  const offered = subs.filter((s) => s.status === 'offered');
  const offerRows = offered.map((s) => ({ submissionId: s.id, userId: s.userId, createdAt: now }));
  const offerIds = (await insertReturning(offerRows, 2000, (part) =>
    db.insert(offers).values(part).returning({ id: offers.id, submissionId: offers.submissionId }),
  )) as { id: number; submissionId: number }[];
  const offerBySub = new Map(offerIds.map((o) => [o.submissionId, o.id]));

  // Every tenth clinician: one onboarding contract (from an accepted offer) and one working contract.
  const byIndex = new Map(inserted.map((u, i) => [u.id, i]));
  const contractRows: (typeof contracts.$inferInsert)[] = [];
  // The open (fourth) pay period is the week holding the day before yesterday, so the shift the bench saves (its
  // first day) is in the past in every time zone; on a Sunday the week holding today would start today.
  const anchor = addDays(today, -2);
  const dow = new Date(`${anchor}T00:00:00Z`).getUTCDay();
  const workStart = addDays(addDays(anchor, -dow), -21);
  const termsOf = (j: (typeof pool)[number]) => ({
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
    unit: 'Med-Surg 3',
    cancellationNoticeDays: 14,
  });
  for (const s of offered) {
    const i = byIndex.get(s.userId)!;
    if (i % 10 !== 0) continue;
    const k = pool.findIndex((p) => p.id === s.jobId);
    const j = pool[k]!;
    const isWorking = s.jobId === jobOf(i, 4).id;
    const stage = isWorking ? 'working' : s.jobId === jobOf(i, 3).id ? 'onboarding' : 'offer';
    const startDate = isWorking ? workStart : addDays(today, 14);
    contractRows.push({
      contractNum: `B${String(i + 1).padStart(6, '0')}${{ offer: 'F', onboarding: 'N', working: 'W' }[stage]}`,
      userId: s.userId,
      jobId: s.jobId,
      offerId: isWorking ? null : offerBySub.get(s.id)!,
      status: 'sent',
      stage,
      startDate,
      endDate: addDays(startDate, j.durationWeeks * 7 - 1),
      terms: termsOf(j),
    });
  }
  const contractIds = (await insertReturning(contractRows, 1000, (part) =>
    db.insert(contracts).values(part).returning({ id: contracts.id, userId: contracts.userId, stage: contracts.stage }),
  )) as { id: number; userId: number; stage: string }[];
  const working = contractIds.filter((c) => c.stage === 'working');
  // Weekly pay periods: three past ones (submitted) and the current one, open, with three shifts.
  const periodRows = working.flatMap((c) =>
    [0, 1, 2, 3].map((w) => ({
      contractId: c.id,
      startDate: addDays(workStart, w * 7),
      endDate: addDays(workStart, w * 7 + 6),
      submittedAt: w < 3 ? now : null,
      isLocked: w < 2,
    })),
  );
  const periods = (await insertReturning(periodRows, 2000, (part) =>
    db.insert(timesheets).values(part).returning({
      id: timesheets.id,
      contractId: timesheets.contractId,
      startDate: timesheets.startDate,
      submittedAt: timesheets.submittedAt,
    }),
  )) as { id: number; contractId: number; startDate: string; submittedAt: Date | null }[];
  const shiftRows = periods.flatMap((p) =>
    [0, 1, 3].map((offset) => {
      const d = addDays(p.startDate, offset);
      return {
        timesheetId: p.id,
        shiftDate: d,
        shiftTypeId: 1,
        startTime: `${d} 07:00:00`,
        endTime: `${d} 19:30:00`,
        lunch: 30,
        unit: 'Med-Surg 3',
      };
    }),
  );
  const shiftIds = (await insertReturning(shiftRows, 2000, (part) =>
    db
      .insert(shifts)
      .values(part)
      .returning({ id: shifts.id, timesheetId: shifts.timesheetId, shiftDate: shifts.shiftDate }),
  )) as { id: number; timesheetId: number; shiftDate: string }[];

  const contractUser = new Map(working.map((c) => [c.id, c.userId]));
  const openPeriodOf = new Map<number, { timesheetId: number }>();
  for (const p of periods) if (!p.submittedAt) openPeriodOf.set(contractUser.get(p.contractId)!, { timesheetId: p.id });
  const shiftOf = new Map<number, { id: number; shiftDate: string }>();
  for (const s of shiftIds) if (!shiftOf.has(s.timesheetId)) shiftOf.set(s.timesheetId, s);

  // Live sessions and tokens for the clinicians the load uses (they must be full-pipeline ones).
  const full = inserted.filter((_, i) => i % 10 === 0).slice(0, activeCount);
  const tokens = new Tokens(new TextEncoder().encode(BENCH_JWT_SECRET), 6 * 3600);
  const sessionRows = full.map((u) => ({
    id: randomUUID(),
    userId: u.id,
    expiresAt: new Date(now.getTime() + 30 * 86_400_000),
    userAgent: 'bench',
    ip: '127.0.0.1',
  }));
  for (const part of chunks(sessionRows, 2000)) await db.insert(sessions).values(part);
  const active: BenchUser[] = [];
  for (const [i, u] of full.entries()) {
    const period = openPeriodOf.get(u.id);
    const shift = period ? shiftOf.get(period.timesheetId) : undefined;
    active.push({
      id: u.id,
      email: u.email,
      token: await tokens.sign({ userId: u.id, sessionId: sessionRows[i]!.id }),
      timesheetId: period?.timesheetId,
      shiftId: shift?.id,
      shiftDate: shift?.shiftDate,
    });
  }

  await db
    .insert(agencyApiKeys)
    .values({ id: API_KEY_ID, name: 'bench', secretHash: sha256Hex(API_KEY_SECRET), scopes: ['read', 'write'] })
    .onConflictDoNothing();
  return { clinicians: inserted, active };
}

/** Row counts, for the report. */
export async function counts(db: Db) {
  const one = async (table: string) =>
    Number(
      ((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] })
        .rows[0]!.n,
    );
  return {
    jobs: await one('jobs'),
    users: await one('users'),
    submissions: await one('submissions'),
    offers: await one('offers'),
    contracts: await one('contracts'),
    timesheets: await one('timesheets'),
    shifts: await one('shifts'),
  };
}
