import { useQuery } from '@tanstack/react-query';
import * as jobs from '@hcp/contracts/routes/jobs';
import { call, endpointKey, errorCode } from '../../../lib/api-client.ts';

/** The details of a job as a visitor or as the signed-in clinician see them; without `loggedIn`, both. */
export const jobDetailsKey = (jobId: number, loggedIn?: boolean) =>
  endpointKey(jobs.jobDetails, jobId, ...(loggedIn === undefined ? [] : [loggedIn]));

/**
 * A job's details, or null when no job has that id. "Not found" is an answer, not a failure: it is kept like one, so
 * the server renders a page saying so (a failed call is left to the browser, which would show it loading first) and
 * the browser does not ask again when it takes the page over.
 */
const fetchJobDetails = (jobId: number) =>
  call(jobs.jobDetails, { query: { jobId } }).catch((error: unknown) => {
    if (errorCode(error) === 'not_found') return null;
    throw error;
  });

export function useJobDetails(jobId: number | null, loggedIn: boolean) {
  return useQuery({
    queryKey: jobDetailsKey(jobId ?? 0, loggedIn),
    queryFn: () => fetchJobDetails(jobId!),
    enabled: jobId !== null && jobId > 0,
    retry: false,
  });
}
