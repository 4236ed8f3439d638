import { useQuery } from '@tanstack/react-query';
import type { JobDetails } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';

export const jobDetailsKey = (jobId: number, loggedIn: boolean) => ['jobs', 'details', jobId, loggedIn] as const;
export const fetchJobDetails = (jobId: number) => apiJson<JobDetails>('jobsearch/jobDetails', { query: { jobId } });
export function useJobDetails(jobId: number | null, loggedIn: boolean) {
  return useQuery({
    queryKey: jobDetailsKey(jobId ?? 0, loggedIn),
    queryFn: () => fetchJobDetails(jobId!),
    enabled: jobId !== null && jobId > 0,
    retry: false,
  });
}
