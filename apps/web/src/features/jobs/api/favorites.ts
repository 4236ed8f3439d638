import { useQuery } from '@tanstack/react-query';
import type { FavoriteJobsResponse } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';

export const favoriteJobsKey = ['jobs', 'favorites'] as const;
export const fetchFavoriteJobs = () => apiJson<FavoriteJobsResponse>('hcpfavoritejobs/favoriteJobs');
export const useFavoriteJobs = (enabled: boolean) => useQuery({ queryKey: favoriteJobsKey, queryFn: fetchFavoriteJobs, enabled });

export const updateFavorite = (jobId: number, isFavorited: boolean) =>
  apiJson<{ jobId: number; isFavorite: boolean }>('HcpFavoriteJobs/updateFavorite', { json: { jobId, isFavorited } });
