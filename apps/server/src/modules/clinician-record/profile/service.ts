import {
  applicationMessages,
  certificationTypes,
  degreeFields,
  degreeTypes,
  employmentTypes,
  formatDegreeDate,
  isSameReferencePerson,
  showsMedicalSections,
  sortProfileDegrees,
  sortProfileEmployment,
  sortProfileLicenses,
  type EmploymentRecordInput,
  type Profile,
  type SaveProfileReferenceRequest,
} from '@hcp/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { deliverSoon } from '../../platform/index.ts';
import { EmploymentService } from '../employment/service.ts';
import { referenceSaved, referenceStatuses } from '../references/service.ts';
import * as repo from './repository.ts';

const MAX_PROFILE_REFERENCES = 20;
const mmYyyy = (m: number, y: number) => `${String(m).padStart(2, '0')}/${y}`;

/** The profile: the application's data read-only, plus the two things a clinician adds there (employment records and references). */
export class ProfileService {
  private readonly employment: EmploymentService;
  constructor(private readonly ctx: AppContext) {
    this.employment = new EmploymentService(ctx);
  }

  async getProfile(userId: number): Promise<Profile> {
    const db = this.ctx.db;
    const bio = await repo.biodata(db, userId);
    if (!bio) throw notFound('Profile');
    const [lic, deg, emp, specs, certs, refs] = await Promise.all([
      repo.licenses(db, userId),
      repo.degrees(db, userId),
      repo.employment(db, userId),
      repo.allSpecialties(db),
      repo.certifications(db, userId),
      repo.references(db, userId),
    ]);
    const specName = new Map(specs.map((s) => [s.id, s.name]));
    const statuses = await referenceStatuses(
      this.ctx,
      refs.map((r) => ({ referenceId: r.r.id, email: r.r.email })),
    );
    return {
      firstName: bio.firstName,
      lastName: bio.lastName,
      phoneNumber: bio.phone,
      email: bio.email,
      dob: bio.dob ?? null,
      streetAddress: bio.streetAddress ?? null,
      city: bio.city ?? null,
      state: bio.stateName ?? null,
      province: bio.province ?? null,
      zipCode: bio.zipCode ?? null,
      postalCode: bio.postalCode ?? null,
      country: bio.country ?? null,
      licenses: sortProfileLicenses(
        lic.map(({ l, stateName }) => ({
          licenseId: l.id,
          stateName,
          nameOnLicense: l.nameOnLicense,
          licenseNumber: l.licenseNumber,
          licenseType: l.licenseType,
          isActive: l.isActive,
          issueDate: l.issueDate,
          expirationDate: l.expirationDate,
          isCompact: l.isCompact,
        })),
      ),
      degrees: sortProfileDegrees(
        deg.map((d) => ({
          degreeId: d.id,
          school: d.school,
          degreeType: degreeTypes.find((t) => t.degreeTypeId === d.degreeTypeId)?.name ?? '',
          degreeField: degreeFields.find((f) => f.degreeFieldId === d.degreeFieldId)?.name ?? '',
          location: d.location,
          degreeDate: formatDegreeDate(d.degreeMonth, d.degreeYear),
        })),
      ),
      employmentHistories: sortProfileEmployment(
        emp.map(({ e, stateName, professionName }) => ({
          employmentHistoryId: e.id,
          employmentType: employmentTypes.find((t) => t.employmentHistoryTypeId === e.employmentTypeId)?.name ?? '',
          facilityName: e.facilityName,
          city: e.city,
          state: stateName,
          profession: professionName,
          agencyName: e.agencyName,
          isCharge: e.isCharge,
          unitsFloated: e.unitsFloated,
          specialties: e.specialtyIds.map((id) => specName.get(id)).filter((n): n is string => !!n),
          startDate: mmYyyy(e.startMonth, e.startYear),
          endDate: e.endMonth && e.endYear ? mmYyyy(e.endMonth, e.endYear) : null,
          isVerified: e.isVerified,
        })),
      ),
      certifications: [...certs]
        .sort((a, b) => b.createdOrder - a.createdOrder || b.id - a.id)
        .map((c) => ({
          certId: c.id,
          certificationType: certificationTypes.find((t) => t.certTypeId === c.certificationTypeId)?.certName ?? '',
          expirationDate: c.expirationDate,
          completionDate: c.completionDate,
          issuedBy: c.issuedBy,
          verified: c.verified,
        })),
      references: refs.map(({ r, facility, facilityCity, facilityState }) => ({
        referenceId: r.id,
        firstName: r.firstName,
        lastName: r.lastName,
        title: r.title,
        phoneNumber: r.phone,
        phoneType: r.phoneType,
        email: r.email,
        historyId: r.historyId,
        facility: facility ?? '',
        facilityCity,
        facilityState,
        ...statuses.get(r.id)!,
      })),
    };
  }

  /** Adds a record (the profile cannot edit existing ones); the application's rules apply. */
  async saveEmploymentHistory(userId: number, input: EmploymentRecordInput): Promise<number> {
    if (input.employmentHistoryId !== null)
      throw badRequest('Records can only be added from the profile.', 'employmentHistoryId', 'profile_add_only');
    if (input.deleted) throw badRequest('Records can only be added from the profile.', 'deleted', 'profile_add_only');
    return this.employment.insert(userId, { ...input, employmentHistoryId: null });
  }

  /**
   * Adds a reference and, with an email, sends the reference request in the same transaction. Someone already
   * named as a reference (same name in any letter case or spacing, or same email) is refused, as on the
   * application's references step: they would be asked twice about the same clinician.
   */
  async saveReference(userId: number, r: SaveProfileReferenceRequest): Promise<number> {
    const id = await this.ctx.db.transaction(async (tx) => {
      const record = await repo.ownedRecord(tx, userId, r.historyId);
      if (!record || !showsMedicalSections(record.typeId)) throw notFound('Employment record');
      await repo.lockProfileReferences(tx, userId);
      const named = await repo.referencePeople(tx, userId);
      const same = named.find((p) => isSameReferencePerson(p, r));
      if (same) {
        const field = isSameReferencePerson({ ...same, email: null }, { ...r, email: null }) ? 'firstName' : 'email';
        throw new AppError(409, 'same_reference', applicationMessages.sameReference, [
          { field, message: applicationMessages.sameReference },
        ]);
      }
      if ((await repo.countProfileReferences(tx, userId)) >= MAX_PROFILE_REFERENCES)
        throw conflict('too_many', `You can add at most ${MAX_PROFILE_REFERENCES} references.`);
      const referenceId = await repo.insertReference(tx, {
        userId,
        historyId: r.historyId,
        firstName: r.firstName,
        lastName: r.lastName,
        title: r.title,
        phone: r.phoneNumber,
        phoneType: r.phoneType,
        email: r.email?.trim() || null,
        referenceNumber: null,
      });
      await referenceSaved(this.ctx, tx, referenceId);
      return referenceId;
    });
    deliverSoon(this.ctx);
    return id;
  }
}
