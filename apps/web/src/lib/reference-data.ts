import { useQuery } from '@tanstack/react-query';
import type { LeadSource, Profession, Specialty } from '@hcp/contracts';
import { apiJson } from './api-client.ts';

const day = 24 * 60 * 60_000;

export const professionsQuery = {
  queryKey: ['public', 'disciplines'] as const,
  queryFn: () => apiJson<Profession[]>('Disciplines', { auth: false }),
  staleTime: day,
};
export const specialtiesQuery = {
  queryKey: ['public', 'specialties'] as const,
  queryFn: () => apiJson<Specialty[]>('Specialty/getSpecialties', { auth: false }),
  staleTime: day,
};
export const leadSourcesQuery = {
  queryKey: ['public', 'leadSources'] as const,
  queryFn: () => apiJson<LeadSource[]>('leadSources', { auth: false }),
  staleTime: day,
};

export const useProfessions = () => useQuery(professionsQuery);
export const useSpecialties = () => useQuery(specialtiesQuery);
export const useLeadSources = () => useQuery(leadSourcesQuery);
