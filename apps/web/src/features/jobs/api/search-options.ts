import { useQuery } from '@tanstack/react-query';
import * as jobs from '@hcp/contracts/routes/jobs';
import { endpointQuery } from '../../../lib/api-client.ts';

const searchOptionsQuery = { ...endpointQuery(jobs.searchOptions), staleTime: 24 * 60 * 60_000 };
export const useSearchOptions = () => useQuery(searchOptionsQuery);
