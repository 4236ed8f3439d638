import {
  STEP,
  applicationMessages,
  backgroundProblems,
  canadianProvinces,
  degreeFields,
  degreeTypes,
  formatDegreeDate,
  isCanada,
  isUnitedStates,
  canonicalPostalCode,
  isValidCanadianPostalCode,
  dateOfBirthMessage,
  isValidDateOfBirth,
  isValidSsn,
  isValidZip,
  localIsoDate,
  needsInternationalApplication,
  normalizeBackground,
  parseDegreeDate,
  type Address,
  type BackgroundAnswers,
  type Degree,
  type LicenseInfo,
  type SaveDegreeRequest,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { encryptField } from '../../../lib/crypto.ts';
import { AppError, conflict, notFound, unprocessable } from '../../../lib/errors.ts';
import { markStep } from '../application/repository.ts';
import * as repo from './repository.ts';

const invalid = (fields: string[], message = 'Please complete the required fields.') =>
  new AppError(
    422,
    'validation_failed',
    message,
    fields.map((f) => ({ field: f, message: `${f} is missing or invalid` })),
  );

export class ApplicationFormsService {
  constructor(private readonly ctx: AppContext) {}

  /* background */
  async getBackground(userId: number): Promise<BackgroundAnswers> {
    const r = await repo.getBackground(this.ctx.db, userId);
    return {
      isUsCitizen: r?.isUsCitizen ?? null,
      isAuthorizedToWorkInUs: r?.isAuthorizedToWorkInUs ?? null,
      hasMilitaryService: r?.hasMilitaryService ?? null,
      militaryStartDate: r?.militaryStartDate ?? null,
      militaryEndDate: r?.militaryEndDate ?? null,
      isCaliforniaResident: r?.isCaliforniaResident ?? null,
      liabilityAction: r?.liabilityAction ?? null,
      licenseSuspended: r?.licenseSuspended ?? null,
      canPerformTravelerTasks: r?.canPerformTravelerTasks ?? null,
      convicted: r?.convicted ?? null,
      hasHadMisconductActivity: r?.hasHadMisconductActivity ?? null,
      isBilingual: r?.isBilingual ?? null,
    };
  }

  async saveBackground(userId: number, input: BackgroundAnswers): Promise<void> {
    if (needsInternationalApplication(input))
      throw unprocessable(
        'international_application',
        'Please complete the international application instead.',
        'isAuthorizedToWorkInUs',
      );
    const problems = backgroundProblems(input);
    const today = localIsoDate(this.ctx.now());
    if (input.militaryStartDate && input.militaryStartDate > today) problems.push('militaryStartDate');
    if (problems.length) throw invalid(problems);
    const a = normalizeBackground(input);
    await this.ctx.db.transaction(async (tx) => {
      await repo.upsertBackground(tx, { userId, ...a });
      await markStep(tx, userId, STEP.background);
    });
  }

  /* address */
  async addressStates() {
    const us = await repo.allStates(this.ctx.db);
    return [
      ...us.map((s) => ({
        stateId: s.id,
        name: s.name,
        abbreviation: s.abbreviation,
        countryName: 'United States',
        isCompact: s.isCompact,
      })),
      ...canadianProvinces.map((p) => ({ ...p, countryName: 'Canada', isCompact: false })),
    ];
  }

  async getAddress(userId: number): Promise<Address> {
    const r = await repo.getAddress(this.ctx.db, userId);
    if (!r)
      return {
        country: null,
        streetAddress: null,
        city: null,
        state: null,
        zipCode: null,
        province: null,
        postalCode: null,
      };
    return {
      country: r.country,
      streetAddress: r.streetAddress,
      city: r.city,
      state: r.stateName,
      zipCode: r.zipCode,
      province: r.province,
      postalCode: r.postalCode,
    };
  }

  async saveAddress(userId: number, a: Address): Promise<void> {
    const street = a.streetAddress?.trim();
    const city = a.city?.trim();
    const missing: string[] = [];
    if (!street) missing.push('streetAddress');
    if (!city) missing.push('city');
    let values;
    if (isUnitedStates(a.country)) {
      const wanted = a.state?.trim().toLowerCase() ?? '';
      const state = (await repo.allStates(this.ctx.db)).find(
        (s) => s.name.toLowerCase() === wanted || s.abbreviation.toLowerCase() === wanted,
      );
      if (!state) missing.push('state');
      if (!a.zipCode || !isValidZip(a.zipCode)) missing.push('zipCode');
      if (missing.length) throw invalid(missing);
      values = {
        country: 'United States',
        stateId: state!.id,
        zipCode: a.zipCode!.trim().replace(/^(\d{5})-?(\d{4})$/, '$1-$2'),
        province: null,
        postalCode: null,
      };
    } else if (isCanada(a.country)) {
      const wanted = a.province?.trim().toLowerCase() ?? '';
      const province = canadianProvinces.find(
        (p) => p.name.toLowerCase() === wanted || p.abbreviation.toLowerCase() === wanted,
      );
      if (!province) missing.push('province');
      if (!a.postalCode || !isValidCanadianPostalCode(a.postalCode)) missing.push('postalCode');
      if (missing.length) throw invalid(missing);
      values = {
        country: 'Canada',
        stateId: null,
        zipCode: null,
        province: province!.name,
        postalCode: canonicalPostalCode(a.postalCode!),
      };
    } else {
      throw invalid(['country', ...missing], 'Please choose United States or Canada.');
    }
    await this.ctx.db.transaction(async (tx) => {
      await repo.upsertAddress(tx, { userId, streetAddress: street!, city: city!, ...values });
      await markStep(tx, userId, STEP.address);
    });
  }

  /* license */
  async getLicense(userId: number) {
    const r = await repo.getPrimaryLicense(this.ctx.db, userId);
    return {
      hasLicense: r ? r.hasLicense : null,
      stateId: r?.stateId ?? null,
      nursysLicenseType: (r?.licenseType ?? null) as LicenseInfo['nursysLicenseType'],
      licenseNumber: r?.licenseNumber ?? null,
      nameOnLicense: r?.nameOnLicense ?? null,
      isCompact: r?.isCompact ?? null,
    };
  }

  async saveLicense(userId: number, l: LicenseInfo): Promise<void> {
    const prof = await repo.userProfession(this.ctx.db, userId);
    // Allied disciplines have no nursing license: the box is forced on.
    const hasLicense = prof?.isAllied ? false : l.hasLicense;
    let values;
    if (!hasLicense) {
      values = {
        hasLicense: false,
        stateId: null,
        licenseType: null,
        licenseNumber: null,
        nameOnLicense: null,
        isCompact: null,
      };
    } else {
      const missing: string[] = [];
      if (!l.nursysLicenseType) missing.push('nursysLicenseType');
      if (!l.licenseNumber?.trim()) missing.push('licenseNumber');
      if (!l.nameOnLicense?.trim()) missing.push('nameOnLicense');
      if (l.isCompact === null) missing.push('isCompact');
      if (!l.stateId) missing.push('stateId');
      if (missing.length) throw invalid(missing);
      const state = await repo.findState(this.ctx.db, l.stateId!);
      if (!state) throw notFound('State');
      if (l.isCompact && !state.isCompact)
        throw unprocessable(
          'not_compact_state',
          `${state.name} does not issue multistate (compact) licenses.`,
          'isCompact',
        );
      values = {
        hasLicense: true,
        stateId: state.id,
        licenseType: l.nursysLicenseType!,
        licenseNumber: l.licenseNumber!.trim(),
        nameOnLicense: l.nameOnLicense!.trim(),
        isCompact: l.isCompact,
      };
    }
    await this.ctx.db.transaction(async (tx) => {
      await repo.upsertPrimaryLicense(tx, userId, values);
      await markStep(tx, userId, STEP.license);
    });
  }

  /* identification */
  async getIdentification(userId: number) {
    const r = await repo.getIdentification(this.ctx.db, userId);
    return { hasSocialSecurityNumber: !!r, dateOfBirth: r?.dateOfBirth ?? null };
  }

  async saveIdentification(userId: number, ssnRaw: string, dob: string): Promise<void> {
    const existing = await repo.getIdentification(this.ctx.db, userId);
    const ssn = ssnRaw.replace(/-/g, '');
    const keepOnFile = !!existing && (ssn === '' || ssn === '000000000');
    if (!keepOnFile && !isValidSsn(ssn))
      throw unprocessable(
        'invalid_ssn',
        ssn === '000000000' ? applicationMessages.ssnZeros : applicationMessages.invalidSsn,
        'SocialSecurityNumber',
      );
    const today = localIsoDate(this.ctx.now());
    if (!isValidDateOfBirth(dob, today)) throw unprocessable('invalid_dob', dateOfBirthMessage(today), 'DateOfBirth');
    const encrypted = keepOnFile ? null : encryptField(this.ctx.secrets.dataKey, ssn);
    await this.ctx.db.transaction(async (tx) => {
      await repo.upsertIdentification(tx, userId, encrypted, dob);
      await markStep(tx, userId, STEP.identification);
    });
  }

  /* education */
  async listDegrees(userId: number): Promise<Degree[]> {
    const rows = await repo.listDegrees(this.ctx.db, userId);
    return rows
      .map((r) => ({
        degreeId: r.id,
        degreeTypeId: r.degreeTypeId,
        degreeFieldId: r.degreeFieldId,
        school: r.school,
        location: r.location,
        degreeDate: formatDegreeDate(r.degreeMonth, r.degreeYear),
        deleted: false,
        verified: r.verified,
        degreeType: degreeTypes.find((t) => t.degreeTypeId === r.degreeTypeId)?.name ?? '',
        degreeField: degreeFields.find((f) => f.degreeFieldId === r.degreeFieldId)?.name ?? '',
        sortKey: r.degreeYear * 12 + r.degreeMonth,
      }))
      .sort((a, b) => b.sortKey - a.sortKey)
      .map(({ sortKey, ...d }) => (void sortKey, d));
  }

  async saveDegree(userId: number, d: SaveDegreeRequest): Promise<number> {
    return this.ctx.db.transaction(async (tx) => {
      const existing = d.degreeId ? await repo.findDegree(tx, userId, d.degreeId) : undefined;
      if (d.degreeId && !existing) throw notFound('Degree');
      if (d.deleted) {
        if (!existing) throw notFound('Degree');
        if (existing.verified) throw conflict('record_verified', applicationMessages.degreeVerified);
        if ((await repo.countDegrees(tx, userId)) <= 1) throw conflict('last_record', applicationMessages.lastRecord);
        await repo.deleteDegree(tx, userId, existing.id);
        return existing.id;
      }
      if (existing?.verified) throw conflict('record_verified', applicationMessages.degreeVerified);
      const missing: string[] = [];
      if (!degreeTypes.some((t) => t.degreeTypeId === d.degreeTypeId)) missing.push('degreeTypeId');
      if (!degreeFields.some((f) => f.degreeFieldId === d.degreeFieldId)) missing.push('degreeFieldId');
      if (!d.school) missing.push('school');
      if (!d.location) missing.push('location');
      const date = parseDegreeDate(d.degreeDate, this.ctx.now());
      if (!date) missing.push('degreeDate');
      if (missing.length) throw invalid(missing);
      const values = {
        degreeTypeId: d.degreeTypeId,
        degreeFieldId: d.degreeFieldId,
        school: d.school,
        location: d.location,
        degreeMonth: date!.month,
        degreeYear: date!.year,
      };
      let id: number;
      if (existing) {
        await repo.updateDegree(tx, userId, existing.id, values);
        id = existing.id;
      } else {
        if ((await repo.countDegrees(tx, userId)) >= 20) throw conflict('too_many', 'You can list at most 20 degrees.');
        id = await repo.insertDegree(tx, userId, values);
      }
      await markStep(tx, userId, STEP.education);
      return id;
    });
  }
}
