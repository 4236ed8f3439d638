import { z } from 'zod';
import { featureFlagNames, type FeatureFlagName } from './feature-flags.ts';

export const featureFlagsSchema = z.object(
  Object.fromEntries(featureFlagNames.map((n) => [n, z.boolean()])) as Record<FeatureFlagName, z.ZodBoolean>,
);
