import type { Certification, EmploymentOptions, EmploymentRecord, EmploymentRecordInput, Reference, ReferenceInput, SaveCertificationRequest } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';
import { useAppQuery } from './forms.ts';

/* employment history */
export const useEmploymentOptions = () => useAppQuery<EmploymentOptions>('employmentOptions', 'HcpEmploymentHistory/optionsv2');
export const useEmploymentRecords = () => useAppQuery<EmploymentRecord[]>('employmentRecords', 'HcpEmploymentHistory/getEmploymentHistoryRecords');
export const insertEmployment = (r: EmploymentRecordInput) => apiJson<{ employmentHistoryId: number }>('HcpEmploymentHistory/insert', { json: r });
export const updateEmployment = (r: EmploymentRecordInput) =>
  apiJson<{ employmentHistoryId: number }>('HcpEmploymentHistory/update', { method: 'PUT', json: r });
export const deleteEmployment = (EmploymentHistoryId: number) =>
  apiJson('HcpEmploymentHistory/delete', { method: 'DELETE', json: { EmploymentHistoryId } });

/* references */
export const useFacilityOptions = () =>
  useAppQuery<{ facilityOptions: { historyId: number; facilityInformation: string }[] }>('facilityOptions', 'HcpReferences/getFacilityOptions');
export const useReferences = () => useAppQuery<{ ok: boolean; references: Reference[] }>('references', 'HcpJobApplication/getHcpReferences');
export const saveReferences = (refs: ReferenceInput[]) => apiJson('HcpJobApplication/HcpReferences', { json: refs });

/* certifications */
export const useCertificationTypes = () =>
  useAppQuery<{ certTypeId: number; certName: string; hasExpireDate: boolean; canAttachCert: boolean }[]>('certTypes', 'HcpCertification/hcpCertificationTypes');
export const useCertifications = () => useAppQuery<Certification[]>('certifications', 'HcpCertification/hcpCertifications');
export const saveCertification = (c: SaveCertificationRequest) => apiJson<{ certId: number }>('HcpCertification/saveCertification', { json: c });

/* skills checklist */
export const useHshItems = () => useAppQuery<{ hshItems: { hshItemId: number; hshItemLabel: string }[] }>('hshItems', 'HcpSkills/getHcpHshItems');
export const assignSkills = (checklistIds: number[]) =>
  apiJson<{ ok: boolean; email: string; vendor: string; subject: string }>('HcpSkills/assignSkillsChecklists', { json: { checklistIds } });
