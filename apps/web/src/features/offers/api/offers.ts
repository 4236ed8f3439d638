import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobOfferDetails, SubmittedJobDetails } from '@hcp/contracts';
import * as contracts from '@hcp/contracts/routes/contracts';
import * as pipeline from '@hcp/contracts/routes/pipeline';
import { call, endpointKey } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';

export function useJobOffers() {
  const { token } = useAuth();
  return useQuery({
    queryKey: endpointKey(pipeline.jobOffers, token),
    queryFn: () => call(pipeline.jobOffers),
    enabled: !!token,
  });
}

export function useSubmittedJobs() {
  const { token } = useAuth();
  return useQuery({
    queryKey: endpointKey(pipeline.submittedJobs, token),
    queryFn: () => call(pipeline.submittedJobs),
    enabled: !!token,
  });
}

export type Selection =
  { kind: 'offer'; submissionId: number; contractId: number | null } | { kind: 'submission'; jobId: number };

/** The details of the selected offer, contract or submission. */
export function useSelectionDetails(sel: Selection | null) {
  const { token } = useAuth();
  return useQuery({
    queryKey: ['pipeline', 'selectionDetails', sel, token],
    enabled: !!token && !!sel,
    queryFn: (): Promise<JobOfferDetails | SubmittedJobDetails> => {
      if (!sel) throw new Error('no selection');
      if (sel.kind === 'submission') return call(pipeline.submittedJobDetails, { query: { jobId: sel.jobId } });
      if (sel.contractId) return call(pipeline.contractDetails, { query: { contractId: sel.contractId } });
      return call(pipeline.jobOfferDetails, { query: { submissionId: sel.submissionId } });
    },
  });
}

export function useContractImages(contractId: number | null, documentMasterId: number | null) {
  const { token } = useAuth();
  return useQuery({
    queryKey: endpointKey(contracts.contractDocumentImages, contractId, documentMasterId, token),
    enabled: !!token && !!contractId && !!documentMasterId,
    retry: false,
    staleTime: Infinity,
    queryFn: () =>
      call(contracts.contractDocumentImages, {
        query: { contractId: contractId!, documentMasterId: documentMasterId! },
      }),
  });
}

export function useSignContract() {
  const qc = useQueryClient();
  return useMutation({
    // termsHash: the hash the images answered, so terms changed since they were shown are not signed.
    mutationFn: ({ termsHash, ...v }: { contractId: number; documentMasterId: number; termsHash: string | null }) =>
      call(contracts.signContract, { query: { ...v, termsHash: termsHash ?? undefined }, body: {} }),
    onSettled: () => qc.invalidateQueries(),
  });
}
