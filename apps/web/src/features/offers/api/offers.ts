import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractImagesResponse, DashboardSubmission, ESignResponse, JobOffer, JobOfferDetails, SubmittedJobDetails } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';

export function useJobOffers() {
  const { token } = useAuth();
  return useQuery({ queryKey: ['offers', 'list', token], queryFn: () => apiJson<JobOffer[]>('HcpJobOffers/getJobOffers'), enabled: !!token });
}

export function useSubmittedJobs() {
  const { token } = useAuth();
  return useQuery({
    queryKey: ['offers', 'submissions', token],
    queryFn: () => apiJson<DashboardSubmission[]>('HcpSubmittedJob/submittedJobs'),
    enabled: !!token,
  });
}

export type Selection = { kind: 'offer'; submissionId: number; contractId: number | null } | { kind: 'submission'; jobId: number };

export function useSelectionDetails(sel: Selection | null) {
  const { token } = useAuth();
  return useQuery({
    queryKey: ['offers', 'details', sel, token],
    enabled: !!token && !!sel,
    queryFn: (): Promise<JobOfferDetails | SubmittedJobDetails> => {
      if (!sel) throw new Error('no selection');
      if (sel.kind === 'submission') return apiJson<SubmittedJobDetails>('HcpSubmittedJob/submittedJobDetails', { query: { jobId: sel.jobId } });
      if (sel.contractId) return apiJson<JobOfferDetails>('HcpJobOffers/getContractDetails', { query: { contractId: sel.contractId } });
      return apiJson<JobOfferDetails>('HcpJobOffers/getJobOfferDetails', { query: { submissionId: sel.submissionId } });
    },
  });
}

export function useContractImages(contractId: number | null, documentMasterId: number | null) {
  const { token } = useAuth();
  return useQuery({
    queryKey: ['contract-images', contractId, documentMasterId, token],
    enabled: !!token && !!contractId && !!documentMasterId,
    retry: false,
    staleTime: Infinity,
    queryFn: () => apiJson<ContractImagesResponse>('Contract/getContractDocumentImages', { query: { contractId, documentMasterId } }),
  });
}

export function useSignContract() {
  const qc = useQueryClient();
  return useMutation({
    // termsHash: the hash the images answered, so terms changed since they were shown are not signed.
    mutationFn: (v: { contractId: number; documentMasterId: number; termsHash: string | null }) =>
      apiJson<ESignResponse>('Document/eSignDocument', { method: 'POST', query: v, json: {} }),
    onSettled: () => qc.invalidateQueries(),
  });
}
