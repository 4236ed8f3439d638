import { useQuery } from '@tanstack/react-query';
import type { EmploymentRecordInput, SaveProfileReferenceRequest } from '@hcp/contracts';
import * as employment from '@hcp/contracts/routes/employment';
import * as profile from '@hcp/contracts/routes/profile';
import { call, endpointQuery } from '../../../lib/api-client.ts';

const profileQuery = endpointQuery(profile.profile);
export const useProfile = () => useQuery(profileQuery);

const employmentOptionsQuery = {
  ...endpointQuery(employment.employmentOptions, undefined, 'profile'),
  staleTime: 5 * 60_000,
  retry: 1,
};
export const useEmploymentOptions = (enabled: boolean) => useQuery({ ...employmentOptionsQuery, enabled });

const facilityOptionsQuery = { ...endpointQuery(employment.facilityOptions, undefined, 'profile'), retry: 1 };
export const useFacilityOptions = (enabled: boolean) => useQuery({ ...facilityOptionsQuery, enabled });

export const saveEmploymentHistory = (record: EmploymentRecordInput) =>
  call(profile.saveProfileEmployment, { body: { ...record, employmentHistoryId: null } });

export const saveReference = (reference: SaveProfileReferenceRequest) =>
  call(profile.saveProfileReference, { body: reference });
