import { isValidElement, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, createMemoryRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './app-layout.tsx';
import { replayEarlyTaps } from './early-taps.ts';
import { ErrorPage } from './error-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { LoginGate, RequireComplete, RequireFlag } from './guards.tsx';
import { Spinner } from '../components/ui/feedback.tsx';
import { applicationRoutes } from '../features/application/routes/index.tsx';
import { allApplicationSteps } from '@hcp/contracts';
import { lazyWithPreload } from '../lib/lazy-with-preload.ts';

const applicationTitle = (path: string | undefined) =>
  allApplicationSteps.find((s) => s.path === path)?.title ?? 'Application';

const JobSearchPage = lazyWithPreload(() => import('../features/jobs/routes/job-search-page.tsx'));
const SearchFormPage = lazyWithPreload(() => import('../features/jobs/routes/search-form-page.tsx'));
const EmbeddedJobSearchPage = lazyWithPreload(() => import('../features/jobs/routes/embedded-job-search-page.tsx'));
const EmbeddedJobDetailsPage = lazyWithPreload(() => import('../features/jobs/routes/embedded-job-details-page.tsx'));
const FavoriteJobsPage = lazyWithPreload(() => import('../features/jobs/routes/favorite-jobs-page.tsx'));
const DashboardPage = lazyWithPreload(() => import('../features/dashboard/routes/dashboard-page.tsx'));
const SubmittedJobsPage = lazyWithPreload(() => import('../features/offers/routes/submitted-jobs-page.tsx'));
const ReviewAndSignPage = lazyWithPreload(() => import('../features/offers/routes/review-and-sign-page.tsx'));
const TimesheetPage = lazyWithPreload(() => import('../features/timesheets/routes/timesheet-page.tsx'));
const EDocumentsPage = lazyWithPreload(() => import('../features/documents/routes/e-documents-page.tsx'));
const PoliciesPage = lazyWithPreload(() => import('../features/documents/routes/policies-page.tsx'));
const ProfilePage = lazyWithPreload(() => import('../features/profile/routes/profile-page.tsx'));
const UpdateBackgroundPage = lazyWithPreload(() => import('../features/profile/routes/update-background-page.tsx'));
const CredentialsDropboxPage = lazyWithPreload(() => import('../features/dropbox/routes/credentials-dropbox-page.tsx'));
const ReferAFriendPage = lazyWithPreload(() => import('../features/referral/routes/refer-a-friend-page.tsx'));
const ClinicalReferencePage = lazyWithPreload(() => import('../features/reference/routes/clinical-reference-page.tsx'));
const LoginPage = lazyWithPreload(() => import('../features/auth/routes/login-page.tsx'));
const ResetPasswordPage = lazyWithPreload(() => import('../features/auth/routes/reset-password-page.tsx'));
const DevOutboxPage = lazyWithPreload(() => import('./dev-outbox-page.tsx'));

/** Pages behind the login gate; the title names the page behind it while the login form is shown. */
const gated = (title: string, node: ReactNode, signUpFirst = false) => (
  <LoginGate title={title} signUpFirst={signUpFirst}>
    {node}
  </LoginGate>
);
/** Gated pages that also need a complete application (the guard says so to anyone else). */
const gatedComplete = (title: string, node: ReactNode) =>
  gated(title, <RequireComplete title={title}>{node}</RequireComplete>);
/**
 * The page has mounted and run its first effects: taps made before the app had hydrated it are made again, in the
 * next task. By then React has rendered again for the real viewport (it hydrated for the width the server assumed, and
 * re-renders for the real one right after these effects), so a tap on a job card in a 1250 px desktop window opens
 * the job's page, as it does at that width, rather than the pane of the 1280 px the server assumed.
 */
function PageMounted() {
  useEffect(() => {
    const later = setTimeout(replayEarlyTaps, 0);
    return () => clearTimeout(later);
  }, []);
  return null;
}
const lazyPage = (node: ReactNode) => (
  <Suspense fallback={<Spinner />}>
    {node}
    <PageMounted />
  </Suspense>
);

/**
 * The pages the server renders (src/entry-server.tsx), so they show before the app's code has loaded: 'public' ones
 * for every visitor; 'signed-in' ones only for a request with the login cookie (without it they show the login
 * gate, whose forms are left to the browser).
 */
const serverRendered: Partial<Record<string, ServerRendered>> = {
  '/': 'signed-in',
  '/dashboard': 'signed-in',
  '/job-search': 'public',
  '/careers/find-a-job': 'public',
  '/careers/find-a-job/:jobId': 'public',
  '/apply-now': 'signed-in',
};
type ServerRendered = 'public' | 'signed-in';

/** The route table of both specifications. */
const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage nested />,
        children: [
          { path: '/', element: gated('Dashboard', <DashboardPage />) },
          { path: '/dashboard', element: gated('Dashboard', <DashboardPage />) },
          { path: '/job-search', element: <JobSearchPage /> },
          { path: '/search-form', element: <SearchFormPage /> },
          { path: '/careers/find-a-job', element: <EmbeddedJobSearchPage /> },
          { path: '/careers/find-a-job/:jobId', element: <EmbeddedJobDetailsPage /> },
          { path: '/favorite-jobs', element: gated('Favorite Jobs', <FavoriteJobsPage />) },
          {
            path: '/submitted-jobs',
            element: (
              <LoginGate variant="expired" title="Submissions & Offers">
                <SubmittedJobsPage />
              </LoginGate>
            ),
          },
          { path: '/login-page', element: <LoginPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          {
            path: '/timesheet',
            // After the login gate (its session-expired modal comes first), like the server's API: off means not found.
            element: (
              <LoginGate variant="expired" title="Timesheets">
                <RequireFlag flag="Timesheets_IsEnabled">
                  <TimesheetPage />
                </RequireFlag>
              </LoginGate>
            ),
          },
          { path: '/review-and-sign-contract', element: gated('Review & Sign Contract', <ReviewAndSignPage />) },
          {
            path: '/profile-page',
            element: gatedComplete('Profile', <ProfilePage />),
          },
          {
            path: '/policies-and-procedures',
            element: gatedComplete('Policies and Procedures', <PoliciesPage />),
          },
          {
            path: '/e-documents-and-signatures',
            element: (
              <RequireFlag flag="DocumentsAndSignatures_IsEnabled">
                {gatedComplete('E-Documents & Signatures', <EDocumentsPage />)}
              </RequireFlag>
            ),
          },
          {
            path: '/credentials-dropbox',
            element: (
              <RequireFlag flag="CredentialsDropbox_IsEnabled">
                {gated('Credentials Dropbox', <CredentialsDropboxPage />)}
              </RequireFlag>
            ),
          },
          {
            path: '/update-background-questions',
            element: (
              <RequireFlag flag="UpdateBackgroundQuestions_IsEnabled">
                {gatedComplete('Update Background Questions', <UpdateBackgroundPage />)}
              </RequireFlag>
            ),
          },
          {
            path: '/refer-a-friend',
            element: (
              <RequireFlag flag="ReferAFriend_IsEnabled">{gated('Refer a Friend', <ReferAFriendPage />)}</RequireFlag>
            ),
          },
          { path: '/clinical-professional-reference/:guid', element: <ClinicalReferencePage /> },
          { path: '/clinical-professional-reference', element: <ClinicalReferencePage /> },
          // A visitor on /apply-now has come to start an application: the gate offers Sign Up first there.
          ...applicationRoutes.map((r) => ({
            ...r,
            element: gated(applicationTitle(r.path), r.element, r.path === '/apply-now'),
          })),
          { path: '/dev/outbox', element: <DevOutboxPage /> },
          { path: '/home', element: <Navigate to="/" replace /> },
          { path: '*', element: <NotFoundPage /> },
        ].map((r) => ({ ...r, element: lazyPage(r.element), handle: r.path ? serverRendered[r.path] : undefined })),
      },
    ],
  },
];

/**
 * The browser's router. On a page the server rendered, the router starts as hydrated: it leaves the scroll where it
 * is (by default it scrolls to the top once mounted, which moved a page the clinician had already scrolled, and a
 * tap made meanwhile landed on whatever had moved under the finger).
 */
export const createRouter = ({ serverRendered = false } = {}) =>
  createBrowserRouter(routes, serverRendered ? { hydrationData: { loaderData: {} } } : undefined);

/** The router of a page the server renders: the same routes, at the page's address (path and query). */
export const createServerRouter = (url: string) => createMemoryRouter(routes, { initialEntries: [url] });

/** Whether the server renders the page at `pathname`, and for whom (null: the browser renders it). */
export function serverRenderedAs(pathname: string): ServerRendered | null {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as ServerRendered | undefined;
  return handle ?? null;
}

/** The pages (lazy components with a preload) inside a route's element, behind its gates. */
function pagesIn(node: ReactNode): (() => Promise<unknown>)[] {
  if (Array.isArray(node)) return node.flatMap(pagesIn);
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const preload = (node.type as { preload?: () => Promise<unknown> }).preload;
  return [...(preload ? [preload] : []), ...pagesIn(node.props.children)];
}

/**
 * Loads the page of the address the app opens on (index.html already has its chunks on the way), so the first
 * render shows the page itself rather than a spinner that the page replaces a moment later.
 */
export function preloadFirstPage(location: Pick<Location, 'pathname'>): Promise<unknown> {
  const matches = matchRoutes(routes, location) ?? [];
  return Promise.allSettled(matches.flatMap((m) => pagesIn(m.route.element).map((preload) => preload())));
}
