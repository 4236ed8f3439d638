/**
 * Lighthouse (mobile emulation, simulated slow 4G and 4x CPU slowdown: its defaults) on four pages of the demo
 * server, driving Debian's Chromium headless. Signed-in pages get the login token in the hcp_token cookie, set
 * in the browser before the run (storage reset off; the HTTP cache is cleared instead so every run is a cold
 * load). The browser resolves no host but 127.0.0.1, and map tile URLs are blocked, so nothing leaves the machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadBrowserTools } from './browser-tools.ts';

export interface LighthouseRow {
  page: string;
  url: string;
  runs: number;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  lcpElement: string;
  transferKiB: number;
  benchmarkIndex: number;
  /** Lighthouse's error when the page did not load (the metrics are then empty). */
  error?: string;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

async function login(origin: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${origin}/core/api/auth/HcpLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  if (!res.ok) throw new Error(`login of ${email} answered ${res.status}`);
  return res.text();
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

export async function runLighthouse(
  origin: string,
  runs: number,
  log: (...parts: unknown[]) => void,
): Promise<LighthouseRow[]> {
  const { lighthouse, launchChrome, connectBrowser } = await loadBrowserTools(log);
  const demo = await login(origin, 'demo.nurse@example.com', 'Demo-Travel-2026');
  const fresh = await login(origin, 'new.nurse@example.com', 'Demo-Travel-2026');
  const search = (await (await fetch(`${origin}/core/api/jobsearch/jobs?disciplineId=13&pageSize=1`)).json()) as {
    jobList: { jobId: number }[];
  };
  const jobId = search.jobList[0]?.jobId ?? 1;
  const pages: { page: string; path: string; token: string | null }[] = [
    { page: 'job search', path: '/job-search', token: null },
    { page: 'job details', path: `/careers/find-a-job/${jobId}`, token: null },
    { page: 'dashboard (demo clinician)', path: '/dashboard', token: demo },
    { page: 'apply now (new clinician)', path: '/apply-now', token: fresh },
  ];
  const chrome = await launchChrome({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const rows: LighthouseRow[] = [];
  try {
    const browser = await connectBrowser({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (const p of pages) {
      const results: LighthouseRow[] = [];
      for (let i = 0; i < runs; i++) {
        const [tab] = await browser.pages();
        const page = tab ?? (await browser.newPage());
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Network.clearBrowserCookies');
        if (p.token) await cdp.send('Network.setCookie', { name: 'hcp_token', value: p.token, url: origin, path: '/' });
        await cdp.detach();
        const url = `${origin}${p.path}`;
        const once = () =>
          lighthouse(
            url,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              disableStorageReset: true,
            },
            {
              extends: 'lighthouse:default',
              settings: { blockedUrlPatterns: ['*tile.openstreetmap.org*', '*/{z}/*'] },
            },
          );
        let r = await once();
        // A run that failed to load (a Chromium hiccup on a busy machine) is tried once more.
        if (r?.lhr.runtimeError) r = await once();
        if (!r) throw new Error(`lighthouse gave no result for ${url}`);
        if (r.lhr.runtimeError)
          console.log(`  lighthouse error on ${url}: ${r.lhr.runtimeError.code} ${r.lhr.runtimeError.message}`);
        for (const w of r.lhr.runWarnings) console.log(`  lighthouse warning: ${w.slice(0, 200)}`);
        // BENCH_LIGHTHOUSE_JSON=<dir>: every run's whole report, for reading what a metric waited on.
        if (process.env.BENCH_LIGHTHOUSE_JSON) {
          mkdirSync(process.env.BENCH_LIGHTHOUSE_JSON, { recursive: true });
          writeFileSync(
            path.join(
              process.env.BENCH_LIGHTHOUSE_JSON,
              `${p.path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${i + 1}.json`,
            ),
            JSON.stringify(r.lhr),
          );
        }
        const a = r.lhr.audits;
        const lcpEl = (
          a['largest-contentful-paint-element']?.details as
            { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
        )?.items?.[0]?.items?.[0]?.node?.snippet;
        const finalUrl = r.lhr.finalDisplayedUrl;
        if (!finalUrl.includes(p.path)) throw new Error(`${url} ended on ${finalUrl} (not signed in?)`);
        results.push({
          page: p.page,
          url: p.path,
          runs,
          score: Math.round((r.lhr.categories.performance?.score ?? 0) * 100),
          fcpMs: Math.round(a['first-contentful-paint']?.numericValue ?? 0),
          lcpMs: Math.round(a['largest-contentful-paint']?.numericValue ?? 0),
          tbtMs: Math.round(a['total-blocking-time']?.numericValue ?? 0),
          cls: +(a['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
          speedIndexMs: Math.round(a['speed-index']?.numericValue ?? 0),
          lcpElement: (lcpEl ?? '').slice(0, 80),
          transferKiB: Math.round((a['total-byte-weight']?.numericValue ?? 0) / 1024),
          benchmarkIndex: Math.round(r.lhr.environment.benchmarkIndex),
          ...(r.lhr.runtimeError ? { error: r.lhr.runtimeError.code } : {}),
        });
        const shifts =
          (a['layout-shifts']?.details as { items?: { node?: { snippet?: string }; score?: number }[] } | undefined)
            ?.items ?? [];
        if (shifts.length)
          console.log(
            `  layout shifts: ${shifts
              .slice(0, 3)
              .map((x) => `${(x.score ?? 0).toFixed(3)} ${x.node?.snippet?.slice(0, 100)}`)
              .join(' | ')}`,
          );
        console.log(
          `lighthouse ${p.path}: score ${results.at(-1)!.score} LCP ${results.at(-1)!.lcpMs} ms TBT ${results.at(-1)!.tbtMs} ms CLS ${results.at(-1)!.cls}`,
        );
      }
      // The run with the median score stands for the page.
      const m = median(results.map((x) => x.score));
      rows.push(results.find((x) => x.score === m)!);
    }
    await browser.disconnect();
  } finally {
    await chrome.kill();
  }
  return rows;
}
