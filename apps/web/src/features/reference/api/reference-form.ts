import { useQuery } from '@tanstack/react-query';
import type { ReferenceAutofill, ReferenceSubmissionInput } from '@hcp/contracts';
import { ApiError, apiJson } from '../../../lib/api-client.ts';

/** Autofill for a guid: `GET HcpReferral/getReferralData?guid=` (spec 01 section 7). */
export const referenceAutofillQuery = (guid: string) => ({
  queryKey: ['public', 'referenceAutofill', guid] as const,
  queryFn: () => apiJson<ReferenceAutofill>(`HcpReferral/getReferralData?guid=${encodeURIComponent(guid)}`, { auth: false }),
  retry: (count: number, e: Error) => !(e instanceof ApiError && e.status < 500) && count < 2,
  staleTime: Infinity,
  gcTime: 0,
});
export const useReferenceAutofill = (guid: string) => useQuery({ ...referenceAutofillQuery(guid), enabled: !!guid });

/** Only the ok status is read (spec 02 section 7). */
export async function submitProfessionalClinicalReference(body: ReferenceSubmissionInput): Promise<boolean> {
  try {
    const res = await apiJson<{ ok: boolean }>('HcpReferral/saveProfessionalClinicalReference', { json: body, auth: false });
    return res.ok === true;
  } catch {
    return false;
  }
}
