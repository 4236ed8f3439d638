import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { allApplicationSteps } from '@hcp/contracts';
import { StepGuard } from '../components/step-guard.tsx';
import { lazyWithPreload, type PreloadableComponent } from '../../../lib/lazy-with-preload.ts';

const pages: Record<string, PreloadableComponent<ComponentType>> = {
  '/apply-now': lazyWithPreload(() => import('./apply-now-page.tsx')),
  '/application-documents': lazyWithPreload(() => import('./terms-page.tsx')),
  '/background-questions': lazyWithPreload(() => import('./background-page.tsx')),
  '/permanent-address': lazyWithPreload(() => import('./address-page.tsx')),
  '/license-info': lazyWithPreload(() => import('./license-page.tsx')),
  '/education-info': lazyWithPreload(() => import('./education-page.tsx')),
  '/employment-history': lazyWithPreload(() => import('./employment-page.tsx')),
  '/references': lazyWithPreload(() => import('./references-page.tsx')),
  '/certifications': lazyWithPreload(() => import('./certifications-page.tsx')),
  '/skills-checklist': lazyWithPreload(() => import('./skills-checklist-page.tsx')),
  '/skills-checklist-summary': lazyWithPreload(() => import('./skills-summary-page.tsx')),
  '/identification-info': lazyWithPreload(() => import('./identification-page.tsx')),
  '/terms-and-conditions': lazyWithPreload(() => import('./terms-page.tsx')),
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
