import { useInfiniteQuery } from '@tanstack/react-query';
import * as jobs from '@hcp/contracts/routes/jobs';
import type { SortKey } from '@hcp/contracts';
import { call, endpointKey } from '../../../lib/api-client.ts';
import { searchJobsQuery, type SearchParamsValue } from '../lib/search-params.ts';

function fetchJobs(p: SearchParamsValue, sortBy: SortKey | '', page: number, signal?: AbortSignal) {
  return call(jobs.searchJobs, { query: searchJobsQuery(p, sortBy, page) }, { signal });
}

export function useJobs(p: SearchParamsValue, sortBy: SortKey | '') {
  return useInfiniteQuery({
    queryKey: endpointKey(jobs.searchJobs, p, sortBy),
    queryFn: ({ pageParam, signal }) => fetchJobs(p, sortBy, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.jobCount ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}
