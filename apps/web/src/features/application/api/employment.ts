import type { EmploymentRecordInput, ReferenceInput, SaveCertificationRequest } from '@hcp/contracts';
import * as application from '@hcp/contracts/routes/application';
import * as certifications from '@hcp/contracts/routes/certifications';
import * as employment from '@hcp/contracts/routes/employment';
import { call, openFile } from '../../../lib/api-client.ts';
import { useAppQuery } from './forms.ts';

/* employment history */
export const useEmploymentOptions = () => useAppQuery(employment.employmentOptions);
export const useEmploymentRecords = () => useAppQuery(employment.employmentRecords);
export const insertEmployment = (r: EmploymentRecordInput) => call(employment.insertEmployment, { body: r });
export const updateEmployment = (r: EmploymentRecordInput) => call(employment.updateEmployment, { body: r });
export const deleteEmployment = (EmploymentHistoryId: number) =>
  call(employment.deleteEmployment, { body: { EmploymentHistoryId } });

/* references */
export const useFacilityOptions = () => useAppQuery(employment.facilityOptions);
export const useReferences = () => useAppQuery(employment.references);
export const saveReferences = (refs: ReferenceInput[]) => call(employment.saveReferences, { body: refs });

/* certifications */
export const useCertificationTypes = () => useAppQuery(certifications.certificationTypes);
export const useCertifications = () => useAppQuery(certifications.certifications);
export const saveCertification = (c: SaveCertificationRequest) => call(certifications.saveCertification, { body: c });
/** Opens the file uploaded with a certification in a new window. */
export const openCertificationFile = (certId: number) =>
  openFile(certifications.certificationFile, { params: { certId } });

/* skills checklist */
export const useHshItems = () => useAppQuery(application.skillsChecklistItems);
export const assignSkills = (checklistIds: number[]) =>
  call(application.assignSkillsChecklists, { body: { checklistIds } });
