import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { allApplicationSteps } from '@hcp/contracts';
import { StepGuard } from '../components/step-guard.tsx';

const pages: Record<string, LazyExoticComponent<ComponentType>> = {
  '/apply-now': lazy(() => import('./apply-now-page.tsx')),
  '/application-documents': lazy(() => import('./terms-page.tsx')),
  '/background-questions': lazy(() => import('./background-page.tsx')),
  '/permanent-address': lazy(() => import('./address-page.tsx')),
  '/license-info': lazy(() => import('./license-page.tsx')),
  '/education-info': lazy(() => import('./education-page.tsx')),
  '/employment-history': lazy(() => import('./employment-page.tsx')),
  '/references': lazy(() => import('./references-page.tsx')),
  '/certifications': lazy(() => import('./certifications-page.tsx')),
  '/skills-checklist': lazy(() => import('./skills-checklist-page.tsx')),
  '/skills-checklist-summary': lazy(() => import('./skills-summary-page.tsx')),
  '/identification-info': lazy(() => import('./identification-page.tsx')),
  '/terms-and-conditions': lazy(() => import('./terms-page.tsx')),
};

/**
 * One route per step, each with its own lazy page behind the step guard (the login gate is added by
 * app/router.tsx). Steps outside the map for the current flags answer the not-found page.
 */
export const applicationRoutes: RouteObject[] = allApplicationSteps.map((s) => {
  const Page = pages[s.path]!;
  return {
    path: s.path,
    element: (
      <StepGuard path={s.path}>
        <Page key={s.path} />
      </StepGuard>
    ),
  };
});
