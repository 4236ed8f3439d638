// Temporary probe (not committed): Lighthouse like bench/lighthouse.ts, saving the full reports.
import { writeFileSync } from 'node:fs';
import { loadBrowserTools } from './browser-tools.ts';
const origin = process.env.ORIGIN ?? 'http://127.0.0.1:3471';
const tag = process.env.TAG ?? 'x';
const runs = Number(process.env.RUNS ?? 1);
const only = process.env.ONLY?.split(',');
const { lighthouse, launchChrome, connectBrowser } = await loadBrowserTools(console.log);
async function login(email: string) {
  const res = await fetch(`${origin}/core/api/auth/HcpLogin`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: email, password: 'Demo-Travel-2026' }).toString() });
  return res.text();
}
const pages = [
  { name: 'job-search', path: '/job-search', who: null },
  { name: 'job', path: '/careers/find-a-job/999', who: null },
  { name: 'dashboard', path: '/dashboard', who: 'demo.nurse@example.com' },
  { name: 'apply-now', path: '/apply-now', who: 'new.nurse@example.com' },
].filter((p) => !only || only.includes(p.name));
const chrome = await launchChrome({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'] });
const browser = await connectBrowser({ browserURL: `http://127.0.0.1:${chrome.port}` });
for (const p of pages) {
  const token = p.who ? await login(p.who) : null;
  for (let i = 0; i < runs; i++) {
    const [tab] = await browser.pages();
    const cdp = await tab!.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.clearBrowserCookies');
    if (token) await cdp.send('Network.setCookie', { name: 'hcp_token', value: token, url: origin, path: '/' });
    await cdp.detach();
    const r = await lighthouse(`${origin}${p.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true }, { extends: 'lighthouse:default', settings: { blockedUrlPatterns: ['*tile.openstreetmap.org*', '*/{z}/*'] } });
    const a = r!.lhr.audits;
    writeFileSync(`/tmp/lcp-lh/${tag}-${p.name}-${i}.json`, JSON.stringify(r!.lhr));
    console.log(p.name, i, 'FCP', Math.round(a['first-contentful-paint']!.numericValue!), 'LCP', Math.round(a['largest-contentful-paint']!.numericValue!), 'TBT', Math.round(a['total-blocking-time']!.numericValue!), 'CLS', a['cumulative-layout-shift']!.numericValue, 'bi', r!.lhr.environment.benchmarkIndex);
  }
}
await browser.disconnect();
await chrome.kill();
