import * as jobs from '@hcp/contracts/routes/jobs';
import * as pipeline from '@hcp/contracts/routes/pipeline';
import { featureFlags } from '@hcp/contracts/routes/reference-data';
import { completedSteps, userInfo } from '@hcp/contracts/routes/users';
import { startEarly } from '../lib/api-client.ts';
import { TOKEN_COOKIE, readCookie } from '../lib/cookies.ts';
import { readSearchParams, readSortBy, searchJobsQuery } from '../features/jobs/lib/search-params.ts';

/**
 * The calls the page a visitor lands on makes as soon as it shows, started by the entry before React, the layout
 * and the page's code have loaded, all at once: nothing waits for another call or for the code. The components
 * make the same calls (same route, input and token) and take these answers (api-client's `startEarly`), so this
 * must ask what they ask: the header's feature flags, and when signed in the user info and completed steps (the
 * auth provider and the header); the job search's first page of results (from the address, as the results list
 * reads it) and the filters' options; a job's details; the dashboard's offers and submissions.
 *
 * A page the server `rendered` came with the answers its markup shows (app/page-data.ts): of these calls only the
 * filters' options are left, which the server does not render.
 */
export function startFirstCalls({ pathname, search }: Pick<Location, 'pathname' | 'search'>, rendered = false): void {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  // The public reference form has its own header: none of the portal's calls.
  if (path.startsWith('/clinical-professional-reference')) return;
  if (rendered) {
    if (path === '/job-search' || path === '/careers/find-a-job') startEarly(jobs.searchOptions);
    return;
  }
  const signedIn = readCookie(TOKEN_COOKIE) !== '';
  startEarly(featureFlags);
  if (signedIn) {
    startEarly(userInfo);
    startEarly(completedSteps);
  }
  if (path === '/job-search' || path === '/careers/find-a-job') {
    const params = new URLSearchParams(search);
    startEarly(jobs.searchJobs, { query: searchJobsQuery(readSearchParams(params), readSortBy(params), 1) });
    startEarly(jobs.searchOptions);
  }
  const job = /^\/careers\/find-a-job\/(\d{1,10})$/.exec(path);
  if (job) startEarly(jobs.jobDetails, { query: { jobId: Number(job[1]) } });
  if (signedIn && (path === '/' || path === '/dashboard')) {
    startEarly(pipeline.dashboardOffers);
    startEarly(pipeline.dashboardSubmissions);
  }
}
