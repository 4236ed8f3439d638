import { useQuery } from '@tanstack/react-query';
import type { DashboardOffersResponse, DashboardSubmission } from '@hcp/contracts';
import { apiJson } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';

/** GET /HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts */
export const fetchDashboardOffers = () => apiJson<DashboardOffersResponse>('HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts');
/** GET /HcpJobSubmissions/getHcpDashboardSubmissions (newest first) */
export const fetchDashboardSubmissions = async () =>
  (await apiJson<{ hcpDashboardSubmissions: DashboardSubmission[] }>('HcpJobSubmissions/getHcpDashboardSubmissions')).hcpDashboardSubmissions;

export function useDashboardOffers() {
  const { token } = useAuth();
  return useQuery({ queryKey: ['dashboard', 'offers', token], queryFn: fetchDashboardOffers, enabled: !!token });
}
export function useDashboardSubmissions() {
  const { token } = useAuth();
  return useQuery({ queryKey: ['dashboard', 'submissions', token], queryFn: fetchDashboardSubmissions, enabled: !!token });
}
