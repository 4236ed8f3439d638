import { pickJobPay } from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { applyJobsChange, publishJobsChange } from '../changes.ts';
import { findShippedCity, stateIdByAbbreviation } from '../../reference-data/index.ts';
import { facilities } from './facilities.ts';
import { generateJobs } from './generate-jobs.ts';
import * as repo from './repository.ts';

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
      stateId: stateIdByAbbreviation.get(f.stateAbbreviation)!,
      cityId: findShippedCity(f.stateAbbreviation, f.cityName)?.id ?? null,
      zip: f.zip,
      lat: f.lat,
      lng: f.lng,
    })),
  );
  const byExt = new Map(facilities.map((f) => [f.externalId, f]));
  for (const row of inserted) {
    const f = byExt.get(row.externalId)!;
    facilityIds.set(row.externalId, {
      id: row.id,
      stateId: stateIdByAbbreviation.get(f.stateAbbreviation)!,
      lat: f.lat,
      lng: f.lng,
    });
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
  await ctx.db.transaction(async (tx) => {
    await repo.insertJobs(tx, rows);
    await publishJobsChange(ctx, tx, {});
  });
  applyJobsChange(ctx, {});
  return rows.length;
}
