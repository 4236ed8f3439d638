import { useQuery } from '@tanstack/react-query';
import { disciplines, leadSources, specialties } from '@hcp/contracts/routes/reference-data';
import { endpointQuery } from './api-client.ts';

const day = 24 * 60 * 60_000;

const professionsQuery = { ...endpointQuery(disciplines), staleTime: day };
const specialtiesQuery = { ...endpointQuery(specialties), staleTime: day };
const leadSourcesQuery = { ...endpointQuery(leadSources), staleTime: day };

export const useProfessions = () => useQuery(professionsQuery);
export const useSpecialties = () => useQuery(specialtiesQuery);
export const useLeadSources = () => useQuery(leadSourcesQuery);
