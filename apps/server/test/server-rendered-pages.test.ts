// Pages the server renders (lib/page-render.ts with the web build's server entry, apps/web/src/entry-server.tsx):
// the job search, a job's page and the signed-in dashboard arrive with their content, the dashboard only for its
// clinician and never stored, and anything that fails or is slow is the plain index.html the browser renders.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobTitle } from '@hcp/contracts';
import { auth, buildTestApp, signUpComplete, type TestApp } from './build.ts';
import { anyJob, closeJob } from './jobs-factories.ts';
import { offerWithoutContract } from './pipeline-factories.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A web build's index.html, as the server's template of every page. */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Portal</title>
    <script type="module" crossorigin src="/assets/main-test.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const EMPTY_ROOT = '<div id="root"></div>';

/** A web build directory with index.html and, when given, the server entry's module. */
function webDist(entry?: (dir: string) => void): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'hcp-ssr-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  entry?.(path.join(dist, '.ssr'));
  return dist;
}

/** The real server entry, built from apps/web as `npm run build` builds it (into dist/.ssr). */
function buildServerEntry(outDir: string) {
  const r = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      outDir,
      '--logLevel',
      'error',
    ],
    // A production build, as `npm run build` makes it (vitest's NODE_ENV=test would make a development one).
    { cwd: path.join(root, 'apps/web'), encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (r.status !== 0) throw new Error(`the server entry did not build: ${r.stderr}`);
}

/** A server entry that fails on the job search and never answers for any other page. */
function brokenEntry(outDir: string) {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, 'entry-server.js'),
    `export async function renderPage(request) {
      if (request.url.startsWith('/job-search')) throw new Error('render failed');
      return new Promise(() => {});
    }\n`,
  );
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The markup inside #root and the page data block of a rendered page. */
function parts(html: string) {
  const rootHtml = /<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json" id="hcp-page-data">/.exec(html);
  const data = /<script type="application\/json" id="hcp-page-data">([^<]*)<\/script>/.exec(html);
  return { root: rootHtml?.[1] ?? '', data: data ? (JSON.parse(data[1]!) as PageData) : null };
}
interface SearchJob {
  jobId: number;
  profession: string;
  specialty: string;
}
interface PageData {
  viewportWidth: number;
  queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
}

const dists: string[] = [];
let t: TestApp;

beforeAll(async () => {
  const dist = webDist(buildServerEntry);
  dists.push(dist);
  t = await buildTestApp({ webDist: dist, jobs: 40 });
}, 180_000);
afterAll(async () => {
  await t?.close();
  for (const d of dists) rmSync(d, { recursive: true, force: true });
});

describe('server-rendered pages', () => {
  it('the job search arrives with its results inside #root and the answers they were rendered from', async () => {
    for (const url of ['/job-search', '/careers/find-a-job']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const { root: markup, data } = parts(res.body);
      // The results are an infinite query: its first page.
      const jobList = data?.queries.queries
        .map((q) => (q.state.data as { pages?: { jobList?: SearchJob[] }[] } | null)?.pages?.[0]?.jobList)
        .find((list) => Array.isArray(list));
      expect(jobList?.length).toBeGreaterThan(0);
      for (const job of jobList!) {
        expect(markup).toContain(`data-job-id="${job.jobId}"`);
        expect(markup).toContain(escapeHtml(jobTitle(job.profession, job.specialty)));
      }
      // The page's own title, in the head.
      expect(res.body.match(/<title>[^<]*<\/title>/g)).toEqual([
        expect.stringMatching(/^<title>(Job Search|Find a Job) \| /),
      ]);
    }
  });

  it("a job's page arrives with the job", async () => {
    const list = await t.app.inject({ method: 'GET', url: '/core/api/jobsearch/jobs?pageSize=1' });
    const job = (list.json() as { jobList: { jobId: number; hospitalName: string }[] }).jobList[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/careers/find-a-job/${job.jobId}` });
    expect(res.statusCode).toBe(200);
    expect(parts(res.body).root).toContain(escapeHtml(job.hospitalName));
  });

  it('the page of a job id that names no job says so and is answered 404, kept or not; the search beside it is 200', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/careers/find-a-job/99999999' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(parts(res.body).root).toContain('Job not found');
      expect(res.body).toMatch(/<title>Job not found \| /);
    }
    const search = await t.app.inject({ method: 'GET', url: '/job-search?jobId=99999999' });
    expect(search.statusCode).toBe(200);
    expect(parts(search.body).root).toContain('Job not found');
    const job = await anyJob(t);
    expect((await t.app.inject({ method: 'GET', url: `/careers/find-a-job/${job.id}` })).statusCode).toBe(200);
  });

  it('a kept public page goes when the jobs change', async () => {
    const first = parts((await t.app.inject({ method: 'GET', url: '/job-search' })).body).root;
    const jobId = Number(/data-job-id="(\d+)"/.exec(first)![1]);
    await closeJob(t, jobId);
    const after = parts((await t.app.inject({ method: 'GET', url: '/job-search' })).body).root;
    expect(after).toContain('data-job-id=');
    expect(after).not.toContain(`data-job-id="${jobId}"`);
  });

  it("the dashboard shows its clinician's offers to them alone, never stored, without their login token", async () => {
    const u = await signUpComplete(t);
    const offer = await offerWithoutContract(t, u.userId);
    const offers = await t.app.inject({
      method: 'GET',
      url: '/core/api/HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts',
      headers: auth(u.token),
    });
    expect(offers.body).toContain(`"jobId":${offer.jobId}`);
    const facility = JSON.parse(/"facilityName":("[^"]+")/.exec(offers.body)![1]!) as string;
    const cookie = `hcp_token=${u.token}`;

    const res = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary)).toMatch(/Cookie/);
    expect(parts(res.body).root).toContain(escapeHtml(facility));
    expect(res.body).not.toContain(u.token);
    expect(res.body).not.toContain(encodeURIComponent(u.token));

    // A public page seen signed in is theirs too: not stored, and not what the next visitor gets.
    const search = await t.app.inject({ method: 'GET', url: '/job-search', headers: { cookie } });
    expect(search.headers['cache-control']).toBe('private, no-store');
    expect(search.body).not.toContain(u.token);
    expect(search.body).toContain(u.email);
    const anonymous = await t.app.inject({ method: 'GET', url: '/job-search' });
    expect(anonymous.body).not.toContain(u.email);

    // Without the cookie the dashboard is the page the browser renders (its login gate): nothing of theirs.
    const signedOut = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.headers['cache-control']).toBe('no-cache');
    expect(signedOut.body).toContain(EMPTY_ROOT);
    expect(signedOut.body).not.toContain(escapeHtml(facility));
    expect(signedOut.body).not.toContain('hcp-page-data');
  });

  it("the server entry's module is not served", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.ssr/entry-server.js' });
    expect(res.statusCode).toBe(404);
  });

  it('pages the server does not render are the plain index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(EMPTY_ROOT);
    expect(res.body).not.toContain('hcp-page-data');
  });
});

describe('a page the server cannot render', () => {
  let broken: TestApp;
  beforeAll(async () => {
    const dist = webDist(brokenEntry);
    dists.push(dist);
    broken = await buildTestApp({ webDist: dist, jobs: 0 });
  }, 60_000);
  afterAll(async () => broken?.close());

  it('is the plain index.html when its render fails or takes too long, never an error', async () => {
    for (const url of ['/job-search', '/careers/find-a-job']) {
      const res = await broken.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(EMPTY_ROOT);
      expect(res.body).not.toContain('hcp-page-data');
    }
  });
});
