import { useQuery } from '@tanstack/react-query';
import * as jobs from '@hcp/contracts/routes/jobs';
import { call, endpointQuery } from '../../../lib/api-client.ts';

const favoriteJobsQuery = endpointQuery(jobs.favoriteJobs);
export const favoriteJobsKey = favoriteJobsQuery.queryKey;
export const useFavoriteJobs = (enabled: boolean) => useQuery({ ...favoriteJobsQuery, enabled });

export const updateFavorite = (jobId: number, isFavorited: boolean) =>
  call(jobs.updateFavorite, { body: { jobId, isFavorited } });
