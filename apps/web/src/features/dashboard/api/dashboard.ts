import { useQuery } from '@tanstack/react-query';
import * as pipeline from '@hcp/contracts/routes/pipeline';
import { call, endpointKey } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';

const fetchDashboardOffers = () => call(pipeline.dashboardOffers);
/** Newest first. */
const fetchDashboardSubmissions = async () => (await call(pipeline.dashboardSubmissions)).hcpDashboardSubmissions;

export function useDashboardOffers() {
  const { token } = useAuth();
  return useQuery({
    queryKey: endpointKey(pipeline.dashboardOffers, token),
    queryFn: fetchDashboardOffers,
    enabled: !!token,
  });
}
export function useDashboardSubmissions() {
  const { token } = useAuth();
  return useQuery({
    queryKey: endpointKey(pipeline.dashboardSubmissions, token),
    queryFn: fetchDashboardSubmissions,
    enabled: !!token,
  });
}
