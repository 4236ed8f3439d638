import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { applicationStepMap, isStepReachable, nextApplicationStep } from '@hcp/contracts';
import { PageLoading } from '../../../components/layout/page.tsx';
import { stepTitle, useCompletedSteps } from '../../../lib/application-steps.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { NotFoundPage } from '../../../app/not-found-page.tsx';
import { useFlowFlags } from '../api/steps.ts';

// The guard is part of the route table (loaded with every page); the step frame and its form kit load with the steps.

/**
 * The route guard of the application flow (docs/decisions/0012-application-route-guard.md): a step outside the map for the current
 * flags answers not found; a completed application goes to the dashboard; a step whose earlier
 * blocking steps are incomplete sends the clinician to the first incomplete step.
 */
export function StepGuard({ path, children }: { path: string; children: ReactNode }) {
  const { flags, loaded } = useFlowFlags();
  const { user, userLoaded } = useAuth();
  const steps = useCompletedSteps();
  if (!loaded || !userLoaded || steps.isPending) return <PageLoading title={stepTitle(path)} />;
  if (!applicationStepMap(flags).some((s) => s.path === path)) return <NotFoundPage />;
  if (user.applicationComplete) return <Navigate to="/dashboard" replace />;
  const completed = steps.data ?? [];
  if (!isStepReachable(path, completed, flags))
    return <Navigate to={nextApplicationStep(completed, flags)?.path ?? '/apply-now'} replace />;
  return <>{children}</>;
}
