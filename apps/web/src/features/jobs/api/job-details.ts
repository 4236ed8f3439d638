import { useQuery } from '@tanstack/react-query';
import * as jobs from '@hcp/contracts/routes/jobs';
import { call, endpointKey } from '../../../lib/api-client.ts';

/** The details of a job as a visitor or as the signed-in clinician see them; without `loggedIn`, both. */
export const jobDetailsKey = (jobId: number, loggedIn?: boolean) =>
  endpointKey(jobs.jobDetails, jobId, ...(loggedIn === undefined ? [] : [loggedIn]));
const fetchJobDetails = (jobId: number) => call(jobs.jobDetails, { query: { jobId } });
export function useJobDetails(jobId: number | null, loggedIn: boolean) {
  return useQuery({
    queryKey: jobDetailsKey(jobId ?? 0, loggedIn),
    queryFn: () => fetchJobDetails(jobId!),
    enabled: jobId !== null && jobId > 0,
    retry: false,
  });
}
