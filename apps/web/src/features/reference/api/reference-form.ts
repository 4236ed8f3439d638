import { useQuery } from '@tanstack/react-query';
import type { ReferenceSubmissionInput } from '@hcp/contracts';
import * as referenceForm from '@hcp/contracts/routes/reference-form';
import { ApiError, call, endpointQuery } from '../../../lib/api-client.ts';

/** The form's pre-filled answers for a mailed link's guid; a refused link is not asked again. */
const referenceAutofillQuery = (guid: string) => ({
  ...endpointQuery(referenceForm.referenceAutofill, { query: { guid } }),
  retry: (count: number, e: Error) => !(e instanceof ApiError && e.status < 500) && count < 2,
  staleTime: Infinity,
  gcTime: 0,
});
export const useReferenceAutofill = (guid: string) => useQuery({ ...referenceAutofillQuery(guid), enabled: !!guid });

/** Whether the reference was saved: the page reads only that. */
export async function submitProfessionalClinicalReference(body: ReferenceSubmissionInput): Promise<boolean> {
  try {
    const res = await call(referenceForm.submitClinicalReference, { body });
    return res.ok === true;
  } catch {
    return false;
  }
}
