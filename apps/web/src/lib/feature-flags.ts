import { useQuery } from '@tanstack/react-query';
import { shippedFeatureFlags, type FeatureFlags } from '@hcp/contracts';
import { featureFlags } from '@hcp/contracts/routes/reference-data';
import { endpointQuery } from './api-client.ts';

/** The feature flags query (the application flow's guard reads the same cache entry). */
export const featureFlagsQuery = { ...endpointQuery(featureFlags), staleTime: 5 * 60_000 };

/** Feature flags from the server; the shipped values apply until they load or when the call fails. */
export function useFeatureFlags(): FeatureFlags {
  const q = useQuery(featureFlagsQuery);
  return q.data ?? shippedFeatureFlags;
}
