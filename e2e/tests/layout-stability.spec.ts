// Content that arrives after the first paint must not move what the clinician already sees (Lighthouse's CLS,
// issue 8: under 0.05). The browser's own layout-shift entries are summed from the first paint until the page's data
// is on screen and the network is quiet.
import type { Page } from '@playwright/test';
import { DEMO, expect, loginViaApi, newClinician, test } from '../fixtures.ts';

declare global {
  interface Window {
    __layoutShifts?: { value: number; sources: string[] }[];
  }
}

async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    window.__layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (e.hadRecentInput) continue;
        const sources = (e.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName),
        );
        window.__layoutShifts!.push({ value: e.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shiftsAfterLoad(page: Page) {
  await page.waitForLoadState('networkidle');
  // Two frames: whatever the last answer rendered has been laid out and reported.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const shifts = await page.evaluate(() => window.__layoutShifts ?? []);
  return { total: shifts.reduce((s, e) => s + e.value, 0), shifts };
}

test('the job search page does not shift as its results arrive', async ({ page }) => {
  await recordShifts(page);
  await page.goto('/job-search');
  await expect(page.locator('article[data-job-id]').first()).toBeVisible();
  const { total, shifts } = await shiftsAfterLoad(page);
  expect(total, JSON.stringify(shifts)).toBeLessThan(0.05);
});

test('the dashboard does not push the footer or its cards around as its calls answer', async ({ page, request }) => {
  await loginViaApi(page, request, DEMO);
  await recordShifts(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Offers' }).getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Submissions' }).getByRole('article')).toHaveCount(2);
  const { total, shifts } = await shiftsAfterLoad(page);
  expect(total, JSON.stringify(shifts)).toBeLessThan(0.05);
});

test('apply-now does not shift for a new clinician', async ({ page, request }) => {
  const who = await newClinician(request);
  await loginViaApi(page, request, who);
  await recordShifts(page);
  await page.goto('/apply-now');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const { total, shifts } = await shiftsAfterLoad(page);
  expect(total, JSON.stringify(shifts)).toBeLessThan(0.05);
});
