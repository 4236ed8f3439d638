import { useQuery } from '@tanstack/react-query';
import type { SearchOptions } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';

export const fetchSearchOptions = () => apiJson<SearchOptions>('jobsearch/SearchOptions', { auth: false });
export const searchOptionsQuery = { queryKey: ['public', 'searchOptions'] as const, queryFn: fetchSearchOptions, staleTime: 24 * 60 * 60_000 };
export const useSearchOptions = () => useQuery(searchOptionsQuery);
