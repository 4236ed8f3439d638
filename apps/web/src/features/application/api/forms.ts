import { useQuery } from '@tanstack/react-query';
import type {
  Address,
  AddressState,
  BackgroundAnswers,
  Degree,
  LicenseInfo,
  SaveDegreeRequest,
} from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';

/** Queries of the application are per login token, so another user's cached data is never shown. */
export function useAppQuery<T>(name: string, path: string) {
  const { token } = useAuth();
  return useQuery({ queryKey: ['application', name, token], queryFn: () => apiJson<T>(path), enabled: !!token, staleTime: 0 });
}

/* background: GET/POST HcpBackground/hcpBackgroundAnswers */
export const useBackground = () => useAppQuery<BackgroundAnswers>('background', 'HcpBackground/hcpBackgroundAnswers');
export const saveBackground = (a: BackgroundAnswers) => apiJson('HcpBackground/hcpBackgroundAnswers', { json: a });

/* address: HcpPermanentAddress */
export const useAddressStates = () => useAppQuery<AddressState[]>('addressStates', 'HcpPermanentAddress/permanentAddressStates');
export const useAddress = () => useAppQuery<Address>('address', 'HcpPermanentAddress/permanentAddress');
export const saveAddress = (a: Address) => apiJson('HcpPermanentAddress/permanentAddress', { json: a });

/* license: HcpLicenseSearchInfo */
export const useLicense = () => useAppQuery<Omit<LicenseInfo, 'hasLicense'> & { hasLicense: boolean | null }>('license', 'HcpLicenseSearchInfo');
export const saveLicense = (l: LicenseInfo) => apiJson('HcpLicenseSearchInfo', { json: l });

/* education */
export const useDegreeTypes = () => useAppQuery<{ degreeTypeId: number; name: string }[]>('degreeTypes', 'HcpJobApplication/getDegreeTypes');
export const useDegreeFields = () => useAppQuery<{ degreeFieldId: number; name: string }[]>('degreeFields', 'HcpJobApplication/getDegreeFields');
export const useDegrees = () => useAppQuery<Degree[]>('degrees', 'HcpDegree/getHcpDegrees');
export const saveDegree = (d: SaveDegreeRequest) => apiJson<{ degreeId: number }>('HcpDegree/saveHcpDegree', { json: d });

/* identification */
export const useIdentification = () => useAppQuery<{ hasSocialSecurityNumber: boolean; dateOfBirth: string | null }>('identification', 'HcpIdentification/identification');
export const saveIdentification = (SocialSecurityNumber: string, DateOfBirth: string) =>
  apiJson('HcpIdentification/saveHcpIdentification', { json: { SocialSecurityNumber, DateOfBirth } });
