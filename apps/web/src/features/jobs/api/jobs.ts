import { useInfiniteQuery } from '@tanstack/react-query';
import type { JobResults } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';
import type { SearchParamsValue } from '../lib/search-params.ts';

export function fetchJobs(p: SearchParamsValue, sortBy: string, page: number, signal?: AbortSignal) {
  return apiJson<JobResults>('jobsearch/jobs', {
    auth: false,
    signal,
    query: {
      disciplineId: p.professionId,
      specialtyIds: p.specialtyIds,
      stateIds: p.stateIds,
      cityIds: p.cityIds,
      shiftCategoryId: p.shiftCategoryId,
      numberOfShifts: p.numberOfShifts,
      sortBy,
      page,
    },
  });
}

export function useJobs(p: SearchParamsValue, sortBy: string) {
  return useInfiniteQuery({
    queryKey: ['jobs', 'search', p, sortBy],
    queryFn: ({ pageParam, signal }) => fetchJobs(p, sortBy, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.jobCount ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}
