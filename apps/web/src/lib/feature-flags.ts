import { useQuery } from '@tanstack/react-query';
import { shippedFeatureFlags, type FeatureFlags } from '@hcp/contracts';
import { apiJson } from './api-client.ts';

/** Feature flags from the server; the shipped values apply until they load or when the call fails. */
export function useFeatureFlags(): FeatureFlags {
  const q = useQuery({
    queryKey: ['public', 'featureFlags'],
    queryFn: () => apiJson<FeatureFlags>('FeatureFlags', { auth: false }),
    staleTime: 5 * 60_000,
  });
  return q.data ?? shippedFeatureFlags;
}
