import { useQuery } from '@tanstack/react-query';
import type { Address, BackgroundAnswers, LicenseInfo, SaveDegreeRequest } from '@hcp/contracts';
import type { AnyRoute, DefinitionOf, EndpointResult } from '@hcp/contracts/endpoint';
import * as forms from '@hcp/contracts/routes/application-forms';
import { call, endpointKey } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';

/** Queries of the application are per login token, so another user's cached data is never shown. */
export function useAppQuery<R extends AnyRoute & { method: 'GET' }>(route: R) {
  const { token } = useAuth();
  return useQuery({
    queryKey: endpointKey(route, token),
    queryFn: () => call<AnyRoute>(route) as Promise<EndpointResult<DefinitionOf<R>>>,
    enabled: !!token,
    staleTime: 0,
  });
}

/* background */
export const useBackground = () => useAppQuery(forms.backgroundAnswers);
export const saveBackground = (a: BackgroundAnswers) => call(forms.saveBackgroundAnswers, { body: a });

/* permanent address */
export const useAddressStates = () => useAppQuery(forms.addressStates);
export const useAddress = () => useAppQuery(forms.permanentAddress);
export const saveAddress = (a: Address) => call(forms.savePermanentAddress, { body: a });

/* license */
export const useLicense = () => useAppQuery(forms.licenseInfo);
export const saveLicense = (l: LicenseInfo) => call(forms.saveLicenseInfo, { body: l });

/* education */
export const useDegreeTypes = () => useAppQuery(forms.degreeTypes);
export const useDegreeFields = () => useAppQuery(forms.degreeFields);
export const useDegrees = () => useAppQuery(forms.degrees);
export const saveDegree = (d: SaveDegreeRequest) => call(forms.saveDegree, { body: d });

/* identification */
export const useIdentification = () => useAppQuery(forms.identification);
export const saveIdentification = (SocialSecurityNumber: string, DateOfBirth: string) =>
  call(forms.saveIdentification, { body: { SocialSecurityNumber, DateOfBirth } });
