import {
  STEP,
  applicationMessages,
  emrSystems,
  employmentProblems,
  employmentRecordToForm,
  employmentTypes,
  months,
  showsAgency,
  showsMedicalSections,
  showsShiftsPerMonth,
  sortEmrSystems,
  EMPLOYMENT_TYPE_TIME_OFF,
  type EmploymentOptions,
  type EmploymentRecord,
  type EmploymentRecordInput,
  type Reference,
  type ReferenceInput,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError, conflict, notFound } from '../../../lib/errors.ts';
import { deliverSoon } from '../../platform/index.ts';
import { markStep } from '../application/repository.ts';
import * as repo from './repository.ts';
import { referenceSaved } from '../references/service.ts';

type Row = Awaited<ReturnType<typeof repo.listRecords>>[number];

const MAX_RECORDS = 40;

function toRecord(r: Row): EmploymentRecord {
  return {
    employmentHistoryId: r.id,
    employmentTypeId: r.employmentTypeId,
    facilityName: r.facilityName,
    city: r.city,
    stateId: r.stateId,
    startMonth: r.startMonth,
    startYear: r.startYear,
    endMonth: r.endMonth,
    endYear: r.endYear,
    professionId: r.professionId,
    agencyName: r.agencyName,
    isCharge: r.isCharge,
    unitsFloated: r.unitsFloated,
    shiftPerMonth: r.shiftPerMonth,
    specialties: r.specialtyIds,
    emrs: r.emrIds,
    deleted: false,
    isVerified: r.isVerified,
  };
}

/** 'Facility - City, ST (MM/YYYY - Present)' for choosing a reference's facility. */
function facilityInformation(r: Row, stateAbbr: Map<number, string>): string {
  const where = [r.city, r.stateId ? stateAbbr.get(r.stateId) : null].filter(Boolean).join(', ');
  const end = r.endYear ? `${String(r.endMonth).padStart(2, '0')}/${r.endYear}` : 'Present';
  return `${r.facilityName ?? 'Facility'}${where ? ` - ${where}` : ''} (${String(r.startMonth).padStart(2, '0')}/${r.startYear} - ${end})`;
}

export class EmploymentService {
  private optionsCache: Promise<EmploymentOptions> | null = null;
  constructor(private readonly ctx: AppContext) {}

  options(): Promise<EmploymentOptions> {
    this.optionsCache ??= (async () => {
      const { profs, links, specs, sts } = await repo.optionData(this.ctx.db);
      const specName = new Map(specs.map((s) => [s.id, s.name]));
      return {
        employmentTypes,
        // Alphabetically as a reader sorts, letter case aside ('Cardiovascular', 'Cath Lab', 'CT'): the database's
        // byte order put 'CT Technologist' first.
        professions: [...profs]
          .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
          .map((p) => ({
            professionId: p.id,
            name: p.name,
            specialties: links
              .filter((l) => l.professionId === p.id)
              .map((l) => ({ id: l.specialtyId, name: specName.get(l.specialtyId) ?? '' }))
              .sort((a, b) => a.name.localeCompare(b.name)),
          })),
        states: sts.map((s) => ({ stateId: s.stateId, name: s.name })),
        electronicMedicalRecordsSystems: sortEmrSystems(emrSystems),
        months,
      };
    })().catch((e) => {
      this.optionsCache = null;
      throw e;
    });
    return this.optionsCache;
  }

  async list(userId: number): Promise<EmploymentRecord[]> {
    return (await repo.listRecords(this.ctx.db, userId)).map(toRecord);
  }

  /** Validates with the same rule as the web form (shared from @hcp/contracts) and answers the values to store. */
  private async validate(input: EmploymentRecordInput): Promise<repo.EmploymentValues> {
    const typeId = input.employmentTypeId;
    if (!employmentTypes.some((t) => t.employmentHistoryTypeId === typeId)) throw notFound('Employment type');
    const medical = showsMedicalSections(typeId);
    let specialtyIds: number[] = [];
    if (medical && input.professionId) {
      const ids = await repo.professionSpecialtyIds(this.ctx.db, input.professionId);
      if (!ids) throw notFound('Profession');
      specialtyIds = ids;
    }
    const form = employmentRecordToForm({
      ...input,
      employmentHistoryId: input.employmentHistoryId ?? 0,
      deleted: false,
      isVerified: false,
    });
    form.iStillWorkHere = input.endMonth === null && input.endYear === null;
    form.answerIsFloat = input.unitsFloated ? true : specialtyIds.length && input.professionId ? false : null;
    const problems = employmentProblems(form, specialtyIds, this.ctx.now());
    if (medical) {
      if (input.stateId && !(await repo.stateExists(this.ctx.db, input.stateId))) problems.push('stateId');
      if (input.specialties.some((s) => !specialtyIds.includes(s))) problems.push('specialties');
      if (input.emrs.some((e) => !emrSystems.some((x) => x.id === e))) problems.push('emrs');
    }
    if ((input.endMonth === null) !== (input.endYear === null)) problems.push('endDate');
    if (problems.length)
      throw new AppError(
        422,
        'validation_failed',
        'Please complete the required fields.',
        [...new Set(problems)].map((f) => ({ field: f, message: `${f} is missing or invalid` })),
      );
    return {
      employmentTypeId: typeId,
      facilityName: typeId === EMPLOYMENT_TYPE_TIME_OFF ? null : input.facilityName?.trim() || null,
      city: medical ? input.city?.trim() || null : null,
      stateId: medical && input.stateId ? input.stateId : null,
      startMonth: input.startMonth,
      startYear: input.startYear,
      endMonth: input.endMonth,
      endYear: input.endYear,
      professionId: medical ? input.professionId : null,
      agencyName: medical && showsAgency(typeId) ? input.agencyName?.trim() || null : null,
      isCharge: medical ? input.isCharge : null,
      unitsFloated: medical && specialtyIds.length ? input.unitsFloated?.trim() || null : null,
      shiftPerMonth: medical && showsShiftsPerMonth(typeId) ? input.shiftPerMonth || null : null,
      specialtyIds: medical ? [...new Set(input.specialties)] : [],
      emrIds: medical ? [...new Set(input.emrs)] : [],
    };
  }

  async insert(userId: number, input: EmploymentRecordInput): Promise<number> {
    const values = await this.validate(input);
    return this.ctx.db.transaction(async (tx) => {
      if ((await repo.countRecords(tx, userId)) >= MAX_RECORDS)
        throw conflict('too_many', `You can list at most ${MAX_RECORDS} records.`);
      return repo.insertRecord(tx, userId, values);
    });
  }

  async update(userId: number, input: EmploymentRecordInput): Promise<number> {
    if (!input.employmentHistoryId) throw notFound('Employment record');
    const existing = await repo.findRecord(this.ctx.db, userId, input.employmentHistoryId);
    if (!existing) throw notFound('Employment record');
    if (existing.isVerified) throw conflict('record_verified', applicationMessages.employmentVerified);
    const values = await this.validate(input);
    await repo.updateRecord(this.ctx.db, userId, existing.id, values);
    return existing.id;
  }

  async delete(userId: number, id: number): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const existing = await repo.findRecord(tx, userId, id);
      if (!existing) throw notFound('Employment record');
      if (existing.isVerified) throw conflict('record_verified', applicationMessages.employmentVerified);
      if ((await repo.countRecords(tx, userId)) <= 1) throw conflict('last_record', applicationMessages.lastRecord);
      if ((await repo.referencesUsing(tx, id)) > 0) throw conflict('record_in_use', applicationMessages.recordInUse);
      await repo.deleteRecord(tx, userId, id);
    });
  }

  /** Medical employment records a reference can come from: current first, then most recently ended. */
  async recent(userId: number) {
    const rows = (await repo.listRecords(this.ctx.db, userId)).filter((r) => showsMedicalSections(r.employmentTypeId));
    const abbr = new Map((await repo.stateAbbreviations(this.ctx.db)).map((s) => [s.stateId, s.abbreviation]));
    const key = (r: Row) => (r.endYear === null ? 999999 : r.endYear * 12 + r.endMonth!);
    return rows
      .sort((a, b) => key(b) - key(a) || b.startYear * 12 + b.startMonth - (a.startYear * 12 + a.startMonth))
      .map((r) => ({
        historyId: r.id,
        facilityInformation: facilityInformation(r, abbr),
      }));
  }

  /* references */
  async listReferences(userId: number): Promise<Reference[]> {
    const rows = await repo.listReferences(this.ctx.db, userId);
    return rows.map((r) => ({
      referenceId: r.ref.id,
      historyId: r.ref.historyId,
      firstName: r.ref.firstName,
      lastName: r.ref.lastName,
      title: r.ref.title,
      phoneNumber: r.ref.phone,
      phoneType: r.ref.phoneType as Reference['phoneType'],
      email: r.ref.email,
      referenceNumber: r.ref.referenceNumber,
      facility: r.facility ?? '',
      facilityCity: r.facilityCity,
      facilityState: r.facilityState,
    }));
  }

  async saveReferences(userId: number, refs: ReferenceInput[]): Promise<void> {
    const ids = [...new Set(refs.map((r) => r.historyId))];
    const owned = await repo.recordsByIds(this.ctx.db, userId, ids);
    if (owned.length !== ids.length) throw notFound('Employment record');
    if (owned.some((o) => !showsMedicalSections(o.typeId))) throw notFound('Employment record');
    await this.ctx.db.transaction(async (tx) => {
      for (const r of refs) {
        const referenceId = await repo.upsertNumberedReference(tx, userId, {
          historyId: r.historyId,
          firstName: r.firstName,
          lastName: r.lastName,
          title: r.title,
          phone: r.phoneNumber,
          phoneType: r.phoneType,
          email: r.email?.trim() || null,
          referenceNumber: r.referenceNumber,
        });
        await referenceSaved(this.ctx, tx, referenceId);
      }
      await markStep(tx, userId, STEP.references);
    });
    deliverSoon(this.ctx);
  }
}
