import { useQuery } from '@tanstack/react-query';
import * as jobs from '@hcp/contracts/routes/jobs';
import { endpointQuery } from '../../../lib/api-client.ts';

/** The search form's options; the filter panel loads them ahead, once the results show. */
export const searchOptionsQuery = { ...endpointQuery(jobs.searchOptions), staleTime: 24 * 60 * 60_000 };
export const useSearchOptions = () => useQuery(searchOptionsQuery);
