// Every route of the portal, signed out and signed in, at the project's size (desktop 1280x800,
// mobile 390x844): axe (no serious or critical violation), one h1, landmarks, lang and title, named controls,
// a screenshot under artifacts/screens and, at 390px, no horizontal overflow. See docs/accessibility.md.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  axeScan,
  checkRoute,
  expectNoHorizontalOverflow,
  expectPageStructure,
  screenshot,
  type RouteCheck,
} from '../a11y.ts';
import {
  DEMO,
  apiLogin,
  completeStepsBeforeSkills,
  expect,
  latestMail,
  loginViaApi,
  newClinician,
  referenceFormPath,
  test,
} from '../fixtures.ts';

// Each test walks several pages and states; on a shared two-core machine that can take minutes.
test.describe.configure({ timeout: 180_000 });

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The document title of a page: '{page} | TRS Healthcare'. */
export const pageTitle = (t: string) => new RegExp(`^${esc(t)} \\| TRS Healthcare$`);
const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

interface Job {
  jobId: number;
  profession: string;
  specialty: string;
}

/** Ids the routes need: a job, a closed job, an offer with a contract, an offer, a submission. */
async function demoIds(request: APIRequestContext) {
  const headers = await apiLogin(request);
  const get = async <T>(path: string, auth = true) => {
    const res = await request.get(`/core/api/${path}`, auth ? { headers } : {});
    expect(res.status(), path).toBe(200);
    return (await res.json()) as T;
  };
  const jobs = await get<{ jobList: Job[] }>('jobsearch/jobs?pageSize=3', false);
  const favorites = await get<{ archivedJobs: Job[] }>('hcpfavoritejobs/favoriteJobs');
  const offers = await get<{ contractId: number | null; submissionId: number }[]>('HcpJobOffers/getJobOffers');
  const submissions = await get<{ jobId: number }[]>('HcpSubmittedJob/submittedJobs');
  return {
    job: jobs.jobList[0]!,
    closedJobId: favorites.archivedJobs[0]!.jobId,
    contractId: offers.find((o) => o.contractId !== null)!.contractId!,
    submissionId: offers[0]!.submissionId,
    submittedJobId: submissions[0]!.jobId,
  };
}

/** A valid password-reset link (for a fresh clinician: the demo clinician's password stays). */
async function validResetGuid(request: APIRequestContext) {
  const who = await newClinician(request);
  const res = await request.post('/core/api/auth/ResetPasswordRequest', { form: { webUserName: who.email } });
  expect(res.ok()).toBe(true);
  const mail = await latestMail(request, who.email, 'password-reset');
  return new URL(/https?:\/\/\S+reset-password\?rpg=\S+/.exec(mail.text)![0]).searchParams.get('rpg')!;
}

function publicRoutes(
  ids: Awaited<ReturnType<typeof demoIds>>,
  extra: { rpg: string; referencePath: string },
): RouteCheck[] {
  const title = `${ids.job.profession} - ${ids.job.specialty}`;
  const results = (page: Page) => page.getByRole('heading', { name: /Unique Jobs? \(\d+ Total Openings?\)/ });
  return [
    { name: 'job search', url: '/job-search', title: pageTitle('Job Search'), ready: results },
    {
      name: 'job search with a job open',
      url: `/job-search?jobId=${ids.job.jobId}`,
      title: pageTitle('Job Search'),
      ready: (page) => page.getByRole('heading', { level: 2, name: new RegExp(`^${esc(title)}`) }),
    },
    {
      name: 'job search without matches',
      url: '/job-search?professionId=13&cityIds=999999_25',
      title: pageTitle('Job Search'),
      ready: (page) => page.getByText("Hmm… we didn't find a match for your search."),
    },
    { name: 'search form', url: '/search-form', title: pageTitle('Search Jobs'), ready: h1('Search Jobs') },
    {
      name: 'careers find a job',
      url: '/careers/find-a-job?professionId=13',
      title: pageTitle('Find a Job'),
      ready: results,
    },
    {
      name: 'careers job details',
      url: `/careers/find-a-job/${ids.job.jobId}?returnUrl=${encodeURIComponent('/careers/find-a-job')}`,
      title: pageTitle(`${title} | Job Details`),
      ready: h1(new RegExp(`^${esc(title)}`)),
    },
    {
      name: 'careers closed job',
      url: `/careers/find-a-job/${ids.closedJobId}`,
      title: / \| Job Details \| TRS Healthcare$/,
      ready: (page) => page.getByText('This job has closed'),
    },
    {
      name: 'reset password invalid link',
      url: '/reset-password?rpg=not-a-valid-link',
      title: pageTitle('Reset Password'),
      ready: (page) => page.getByText('Password reset link is no longer valid! Reset your password or login below.'),
    },
    {
      name: 'reset password valid link',
      url: `/reset-password?rpg=${encodeURIComponent(extra.rpg)}`,
      title: pageTitle('Reset Password'),
      ready: (page) => page.getByLabel('New Password', { exact: true }),
    },
    {
      name: 'clinical reference form',
      url: extra.referencePath,
      title: pageTitle('Clinical & Professional Reference'),
      ready: (page) => page.getByLabel(/^Supervisor Name/),
    },
    {
      name: 'clinical reference unknown link',
      url: '/clinical-professional-reference/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      title: pageTitle('Clinical & Professional Reference'),
      ready: (page) => page.getByText(/This reference link is not valid/),
    },
    { name: 'not found', url: '/no-such-page', title: pageTitle('Page not found'), ready: h1('Page not found') },
  ];
}

interface Gated {
  name: string;
  url: string;
  title: string;
  /** Shown once the page is ready for a signed-in clinician. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
  expired?: boolean;
  /** Dashboard, favorites, submissions and offers, checked in their own test apart from the profile and documents pages. */
  pipeline?: boolean;
}

function gatedRoutes(ids: Awaited<ReturnType<typeof demoIds>>): Gated[] {
  const offersTab = (page: Page) => page.getByRole('tab', { name: /^Offers \(\d+\)$/ });
  // A link to one item opens it; on narrow screens its details take the whole page (the tabs return with Back).
  const linkedItem = (page: Page) =>
    (page.viewportSize()?.width ?? 1280) <= 1250 ? page.getByRole('article', { name: 'Job details' }) : offersTab(page);
  return [
    {
      name: 'home',
      url: '/',
      title: 'Dashboard',
      ready: (page) => page.getByRole('region', { name: 'Offers' }),
      pipeline: true,
    },
    {
      name: 'dashboard',
      url: '/dashboard',
      title: 'Dashboard',
      ready: (page) => page.getByRole('region', { name: 'Onboarding' }),
      pipeline: true,
    },
    {
      name: 'favorites',
      url: '/favorite-jobs',
      title: 'Favorite Jobs',
      ready: (page) => page.getByRole('tab', { name: /^Archived \(\d+\)$/ }),
      pipeline: true,
    },
    {
      name: 'submitted jobs',
      url: '/submitted-jobs',
      title: 'Submissions & Offers',
      ready: offersTab,
      expired: true,
      pipeline: true,
    },
    {
      name: 'submitted jobs offers',
      url: '/submitted-jobs#offers',
      title: 'Submissions & Offers',
      ready: offersTab,
      expired: true,
      pipeline: true,
    },
    {
      name: 'submitted jobs submissions',
      url: '/submitted-jobs#submissions',
      title: 'Submissions & Offers',
      ready: offersTab,
      expired: true,
      pipeline: true,
    },
    {
      name: 'submitted jobs contract',
      url: `/submitted-jobs#contract-${ids.contractId}`,
      title: 'Submissions & Offers',
      ready: linkedItem,
      expired: true,
      pipeline: true,
    },
    {
      name: 'submitted jobs offer',
      url: `/submitted-jobs#offer-${ids.submissionId}`,
      title: 'Submissions & Offers',
      ready: linkedItem,
      expired: true,
      pipeline: true,
    },
    {
      name: 'submitted jobs job',
      url: `/submitted-jobs#job-${ids.submittedJobId}`,
      title: 'Submissions & Offers',
      ready: linkedItem,
      expired: true,
      pipeline: true,
    },
    {
      name: 'profile',
      url: '/profile-page',
      title: 'Profile',
      ready: (page) => page.getByRole('heading', { level: 2, name: 'References' }),
    },
    {
      name: 'e-documents',
      url: '/e-documents-and-signatures',
      title: 'E-Documents & Signatures',
      ready: (page) => page.getByRole('heading', { level: 2, name: 'Signed TRS Employment Documents' }),
    },
    {
      name: 'policies',
      url: '/policies-and-procedures',
      title: 'Policies and Procedures',
      ready: (page) => page.getByRole('link', { name: /Workplace Posters/ }),
    },
    {
      name: 'credentials dropbox',
      url: '/credentials-dropbox',
      title: 'Credentials Dropbox',
      ready: (page) => page.getByRole('button', { name: 'Upload Document' }),
    },
    {
      name: 'refer a friend',
      url: '/refer-a-friend',
      title: 'Refer a Friend',
      ready: (page) => page.getByRole('button', { name: 'Submit Referral' }),
    },
    {
      name: 'update background questions',
      url: '/update-background-questions',
      title: 'Update Background Questions',
      ready: (page) => page.getByRole('group', { name: /U\.S\. citizen/ }),
    },
  ];
}

test.describe('signed out', () => {
  test('public job pages, password reset, reference form and not found', async ({ page, request }) => {
    const ids = await demoIds(request);
    const extra = { rpg: await validResetGuid(request), referencePath: await referenceFormPath(request) };
    for (const r of publicRoutes(ids, extra)) await checkRoute(page, r, 'signed out');
    await checkRoute(
      page,
      {
        name: 'login page',
        url: '/login-page?returnUrl=/favorite-jobs',
        title: pageTitle('Login'),
        ready: h1('Login'),
      },
      'signed out',
    );
  });

  test('signed-in pages show the login gate; submitted jobs and timesheets say the session expired', async ({
    page,
    request,
  }) => {
    const ids = await demoIds(request);
    const gated = [
      ...gatedRoutes(ids),
      { name: 'review and sign', url: '/review-and-sign-contract', title: 'Review & Sign Contract' },
      { name: 'apply now', url: '/apply-now', title: 'Get Started' },
      { name: 'employment history step', url: '/employment-history', title: 'Employment History' },
    ];
    for (const g of gated) {
      await checkRoute(
        page,
        {
          name: `${g.name} login gate`,
          url: g.url,
          title: pageTitle(g.title),
          ready: (p) =>
            'expired' in g && g.expired
              ? p.getByRole('dialog', { name: 'Login' }).getByText('Your session has expired, please log in again.')
              : p.getByRole('dialog', { name: 'Login' }).getByRole('tab', { name: 'Login' }),
        },
        'signed out',
      );
    }
  });
});

test.describe('signed in as the demo clinician', () => {
  test('job pages', async ({ page, request }) => {
    const ids = await demoIds(request);
    const extra = { rpg: await validResetGuid(request), referencePath: await referenceFormPath(request) };
    await loginViaApi(page, request, DEMO);
    for (const r of publicRoutes(ids, extra)) await checkRoute(page, r, 'demo');
  });

  test('dashboard, favorites, submissions and offers', async ({ page, request }) => {
    const ids = await demoIds(request);
    await loginViaApi(page, request, DEMO);
    for (const g of gatedRoutes(ids).filter((r) => r.pipeline))
      await checkRoute(page, { ...g, title: pageTitle(g.title) }, 'demo');
    // The login page sends a signed-in clinician to the dashboard.
    await page.goto('/login-page');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('profile, e-documents, policies, dropbox, refer a friend and background questions', async ({
    page,
    request,
  }) => {
    const ids = await demoIds(request);
    await loginViaApi(page, request, DEMO);
    for (const g of gatedRoutes(ids).filter((r) => !r.pipeline))
      await checkRoute(page, { ...g, title: pageTitle(g.title) }, 'demo');
  });

  test('review and sign a contract (opened from the dashboard, not signed)', async ({ page, request }) => {
    await loginViaApi(page, request, DEMO);
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Offers' }).getByRole('button', { name: 'Review & Sign Contract' }).click();
    await expect(page).toHaveURL(/\/review-and-sign-contract$/);
    // The page reads its navigation state, so it is checked where it is, without reloading.
    await expect(page.getByRole('img', { name: 'Contract page 1 of 2' })).toBeVisible({ timeout: 30_000 });
    await expectPageStructure(page, 'demo review and sign', pageTitle('Review & Sign Contract'));
    await axeScan(page, 'demo review and sign');
    await screenshot(page, 'demo review and sign');
    if ((page.viewportSize()?.width ?? 1280) <= 390) await expectNoHorizontalOverflow(page, 'demo review and sign');
  });
});

test.describe('the application flow', () => {
  test('a new clinician: get started and application documents', async ({ page, request }) => {
    // The state of new.nurse@example.com (only signed up); a fresh one, because the application journey
    // completes new.nurse's application during the same run.
    const who = await newClinician(request, { FirstName: 'Noah', LastName: 'Bennett' });
    await loginViaApi(page, request, who);
    // A dashboard with the application not started.
    await checkRoute(
      page,
      {
        name: 'dashboard',
        url: '/dashboard',
        title: pageTitle('Dashboard'),
        ready: (p) => p.getByRole('link', { name: 'Start TRS Application' }).first(),
      },
      'new clinician',
    );
    await checkRoute(
      page,
      {
        name: 'apply now',
        url: '/apply-now',
        title: pageTitle('Get Started'),
        ready: (p) => p.getByRole('button', { name: 'Get Started' }),
      },
      'new clinician',
    );
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/application-documents$/);
    await checkRoute(
      page,
      {
        name: 'application documents',
        url: '/application-documents',
        title: pageTitle('Application Documents'),
        ready: (p) => p.getByRole('button', { name: 'Agree and Proceed' }),
      },
      'new clinician',
    );
  });

  test('a clinician part-way through: every step', async ({ page, request }) => {
    const who = await newClinician(request);
    const token = await loginViaApi(page, request, who);
    await completeStepsBeforeSkills(request, token);
    const steps: [string, string, (p: Page) => ReturnType<Page['getByRole']>][] = [
      ['/apply-now', 'Get Started', (p) => p.getByRole('button', { name: 'Continue' })],
      ['/application-documents', 'Application Documents', (p) => p.getByRole('button', { name: 'Agree and Proceed' })],
      ['/background-questions', 'Background Questions', (p) => p.getByRole('group', { name: /U\.S\. citizen/ })],
      ['/permanent-address', 'Permanent Address', (p) => p.getByLabel(/^Street Address/)],
      ['/license-info', 'Primary License Info', (p) => p.getByLabel(/^License Number/)],
      ['/education-info', 'Education', (p) => p.getByRole('region', { name: /^Education 1|UT Austin/ }).first()],
      ['/employment-history', 'Employment History', (p) => p.getByRole('button', { name: 'New Record' })],
      ['/references', 'References', (p) => p.getByRole('region', { name: 'Reference 2' })],
      ['/certifications', 'Certifications', (p) => p.getByRole('button', { name: 'New Record' })],
      ['/identification-info', 'Identification', (p) => p.getByLabel(/^Social Security Number/)],
    ];
    for (const [url, title, ready] of steps)
      await checkRoute(page, { name: title, url, title: pageTitle(title), ready }, 'part-way clinician');
    // Their dashboard shows the progress panel.
    await checkRoute(
      page,
      {
        name: 'dashboard',
        url: '/dashboard',
        title: pageTitle('Dashboard'),
        ready: (p) =>
          p
            .getByRole('button', { name: 'Continue TRS Application' })
            .or(p.getByRole('link', { name: 'Continue TRS Application' })),
      },
      'part-way clinician',
    );
  });
});
