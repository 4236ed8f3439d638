import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const StepPage = lazy(() => import('./application-step-page.tsx'));

/** The application-flow routes (spec 02 section 2). Placeholder until the application feature lands. */
export const applicationPaths = [
  '/apply-now',
  '/background-questions',
  '/permanent-address',
  '/license-info',
  '/education-info',
  '/employment-history',
  '/references',
  '/certifications',
  '/identification-info',
  '/terms-and-conditions',
  '/application-documents',
  '/skills-checklist',
  '/skills-checklist-summary',
] as const;

export const applicationRoutes: RouteObject[] = applicationPaths.map((path) => ({ path, element: <StepPage /> }));
