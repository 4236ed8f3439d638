import { useQuery } from '@tanstack/react-query';
import type {
  EmploymentOptions,
  EmploymentRecordInput,
  Profile,
  SaveProfileReferenceRequest,
} from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';

export const profileQuery = {
  queryKey: ['profile'] as const,
  queryFn: () => apiJson<Profile>('HcpProfileData/getProfile'),
};
export const useProfile = () => useQuery(profileQuery);

export const employmentOptionsQuery = {
  queryKey: ['profile', 'employmentOptions'] as const,
  queryFn: () => apiJson<EmploymentOptions>('HcpEmploymentHistory/optionsv2'),
  staleTime: 5 * 60_000,
  retry: 1,
};
export const useEmploymentOptions = (enabled: boolean) => useQuery({ ...employmentOptionsQuery, enabled });

export const facilityOptionsQuery = {
  queryKey: ['profile', 'facilityOptions'] as const,
  queryFn: () => apiJson<{ facilityOptions: { historyId: number; facilityInformation: string }[] }>('HcpReferences/getFacilityOptions'),
  retry: 1,
};
export const useFacilityOptions = (enabled: boolean) => useQuery({ ...facilityOptionsQuery, enabled });

export const saveEmploymentHistory = (record: EmploymentRecordInput) =>
  apiJson<{ employmentHistoryId: number }>('HcpProfileEmploymentHistory/saveEmploymentHistory', { json: { ...record, employmentHistoryId: null } });

export const saveReference = (reference: SaveProfileReferenceRequest) =>
  apiJson<{ ok: boolean; referenceId: number }>('HcpReferences/saveReference', { json: reference });
