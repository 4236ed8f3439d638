import { pickJobPay } from '@hcp/contracts';
import type { AppContext } from '../../context.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { professions } from '../../modules/reference-data/data/professions.ts';
import { specialties } from '../../modules/reference-data/data/specialties.ts';
import { states } from '../../modules/reference-data/data/states.ts';
import { usCities, findCity } from '../../modules/reference-data/data/cities.ts';
import { leadSources } from '../../modules/reference-data/data/lead-sources.ts';
import { facilities } from '../../modules/jobs/seed/facilities.ts';
import { generateJobs } from '../../modules/jobs/seed/generate-jobs.ts';
import { DEMO_LOGIN, NEW_USER_LOGIN } from './demo-users.ts';
import * as repo from './repository.ts';
import { applicationDemoSeeder } from '../../modules/clinician-record/application/demo-seeder.ts';
import { referenceFormDemoSeeder } from '../../modules/clinician-record/references/demo-seeder.ts';
import { jobsDemoSeeder } from '../../modules/jobs/demo-seeder.ts';
import { pipelineDemoSeeder } from '../../modules/placements/pipeline/demo-seeder.ts';

export interface SeedOptions {
  demo: boolean;
  jobs: number;
  randomSeed: number;
}

/** Demo content contributed by features, run after the demo users exist (each must be idempotent). */
export interface DemoSeeder {
  name: string;
  run(ctx: AppContext, users: { demoUserId: number; newUserId: number }): Promise<void>;
}
export const demoSeeders: DemoSeeder[] = [jobsDemoSeeder, applicationDemoSeeder, referenceFormDemoSeeder, pipelineDemoSeeder];

const stateIdByAbbr = new Map(states.map((s) => [s.abbreviation, s.id]));

export async function seedReference(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await repo.upsertReference(tx, {
      professions: professions.map((p) => ({ id: p.id, name: p.name, webOrder: p.webOrder, isAllied: p.isAllied })),
      specialties: specialties.map((s) => ({
        id: s.id,
        name: s.name,
        abbreviation: s.abbreviation || null,
        longDescription: s.longDescription || null,
        altText: s.altText || null,
      })),
      professionSpecialties: professions.flatMap((p) => p.specialtyIds.map((specialtyId) => ({ professionId: p.id, specialtyId }))),
      states: states.map((s) => ({ id: s.id, name: s.name, abbreviation: s.abbreviation, isCompact: s.isCompact })),
      cities: usCities.map((c) => ({
        id: c.id,
        name: c.name,
        stateId: stateIdByAbbr.get(c.stateAbbreviation)!,
        lat: c.lat,
        lng: c.lng,
        population: c.population,
      })),
      leadSources: leadSources.map((l) => ({ id: l.id, webFriendlyName: l.webFriendlyName, webGroup: l.webGroup, webOrder: l.webOrder })),
    });
  });
}

/** Inserts `count` generated demo jobs when the jobs table is empty. Deterministic for a seed number. */
export async function seedJobs(ctx: AppContext, count: number, randomSeed: number, today = ctx.now()): Promise<number> {
  if (count <= 0 || (await repo.countJobs(ctx.db)) > 0) return 0;
  const facilityIds = new Map<string, { id: number; stateId: number; lat: number; lng: number }>();
  const inserted = await repo.upsertFacilities(
    ctx.db,
    facilities.map((f) => ({
      externalId: f.externalId,
      name: f.name,
      imageUrl: null,
      scrubColor: f.scrubColor,
      bedCount: f.bedCount,
      chartingSystems: f.chartingSystems,
      traumaLevel: f.traumaLevel,
      address1: f.address1,
      address2: f.address2,
      city: f.cityName,
      stateId: stateIdByAbbr.get(f.stateAbbreviation)!,
      cityId: findCity(f.stateAbbreviation, f.cityName)?.id ?? null,
      zip: f.zip,
      lat: f.lat,
      lng: f.lng,
    })),
  );
  const byExt = new Map(facilities.map((f) => [f.externalId, f]));
  for (const row of inserted) {
    const f = byExt.get(row.externalId)!;
    facilityIds.set(row.externalId, { id: row.id, stateId: stateIdByAbbr.get(f.stateAbbreviation)!, lat: f.lat, lng: f.lng });
  }
  const generated = generateJobs({ count, seed: randomSeed, today });
  const rows = generated.map((j) => {
    const f = facilityIds.get(j.facilityExternalId)!;
    return {
      externalId: j.externalId,
      facilityId: f.id,
      professionId: j.professionId,
      specialtyId: j.specialtyId,
      stateId: f.stateId,
      lat: f.lat,
      lng: f.lng,
      grade: j.grade,
      shift: j.shift,
      shiftsPerWeek: j.shiftsPerWeek,
      hoursPerShift: j.hoursPerShift,
      shiftCategory: j.shiftCategory,
      availablePositions: j.availablePositions,
      durationWeeks: j.durationWeeks,
      startDate: j.startDate,
      createDateTime: j.createDateTime,
      isAvailable: j.isAvailable,
      description: j.description,
      ...pickJobPay(j),
      bonuses: j.bonuses,
      minimumRequirements: j.minimumRequirements,
      benefits: j.benefits,
      grossWeeklyPay: j.grossWeeklyPay,
    };
  });
  await ctx.db.transaction(async (tx) => repo.insertJobs(tx, rows));
  ctx.events.emit('jobs.changed');
  return rows.length;
}

async function ensureUser(
  ctx: AppContext,
  login: { email: string; password: string },
  profile: { firstName: string; lastName: string; phone: string },
): Promise<{ id: number; created: boolean }> {
  const existing = await repo.findUserIdByEmail(ctx.db, login.email);
  if (existing) return { id: existing, created: false };
  const id = await repo.insertDemoUser(ctx.db, {
    email: login.email,
    phone: profile.phone,
    firstName: profile.firstName,
    lastName: profile.lastName,
    professionId: 13,
    leadSourceId: 121,
    passwordHash: await hashPassword(login.password),
  });
  return { id, created: true };
}

export async function seedDemoUsers(ctx: AppContext) {
  const demo = await ensureUser(ctx, DEMO_LOGIN, { firstName: 'Dana', lastName: 'Rivera', phone: '5125550142' });
  if (demo.created) await repo.markApplicationComplete(ctx.db, demo.id);
  const fresh = await ensureUser(ctx, NEW_USER_LOGIN, { firstName: 'Noah', lastName: 'Bennett', phone: '6155550187' });
  return { demoUserId: demo.id, newUserId: fresh.id, demoCreated: demo.created };
}

export async function seed(ctx: AppContext, opts: SeedOptions): Promise<void> {
  const started = Date.now();
  await seedReference(ctx);
  if (!opts.demo) return;
  const jobCount = await seedJobs(ctx, opts.jobs, opts.randomSeed);
  const users = await seedDemoUsers(ctx);
  for (const s of demoSeeders) await s.run(ctx, users);
  ctx.log.info({ jobs: jobCount, ms: Date.now() - started }, 'seed complete');
}
