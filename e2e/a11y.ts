// Accessibility and layout checks shared by the browser specs (docs/accessibility.md describes them).
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';

/** WCAG 2.0, 2.1 and 2.2 A/AA rules plus axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** WCAG 2.0 A and AA rules alone (the journeys that allow no finding of any impact). */
export const WCAG_A_AA = ['wcag2a', 'wcag2aa'] as const;

/**
 * axe's findings on the page (or a part of it), for the given rule tags: the one way the specs run axe.
 *
 * Legacy mode runs `axe.run` in the page itself. The default mode runs axe in each frame and then finishes the run
 * in a blank page it opens and closes for every scan: the same rules and findings for pages without cross-origin
 * frames (the portal has none), and about 0.9 s more per scan on this machine, several times that on a loaded one.
 * The 'axe finds what it should' test plants violations to prove this mode still reports them.
 */
export async function axeResults(page: Page, opts: { tags?: readonly string[]; include?: string } = {}) {
  let builder = new AxeBuilder({ page }).withTags([...(opts.tags ?? AXE_TAGS)]).setLegacyMode();
  if (opts.include) builder = builder.include(opts.include);
  return builder.analyze();
}

/** Every violation axe finds, of any impact, as `rule: nodes` lines (the stricter checks of some journeys). */
export async function axeViolations(page: Page, tags: readonly string[] = AXE_TAGS): Promise<string[]> {
  const result = await axeResults(page, { tags });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** e2e/artifacts (gitignored): screenshots and the axe findings of every scan. */
function artifactsDir(...parts: string[]): string {
  const configFile = test.info().config.configFile;
  const root = configFile ? path.dirname(configFile) : process.cwd();
  const dir = path.join(root, 'artifacts', ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const slug = (s: string) =>
  s
    .replace(/^\//, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase() || 'root';

/**
 * Runs axe on the page (or a part of it) and fails on any serious or critical violation. Moderate and minor
 * findings are written to artifacts/axe/<project>/ for review and returned.
 */
export async function axeScan(page: Page, label: string, include?: string) {
  const result = await axeResults(page, { include });
  const describe = (v: (typeof result.violations)[number]) =>
    `${label}: [${v.impact}] ${v.id} (${v.help}) at ${v.nodes
      .slice(0, 5)
      .map((n) => n.target.join(' '))
      .join(' | ')}`;
  const blocking = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const other = result.violations.filter((v) => !blocking.includes(v));
  const project = test.info().project.name;
  writeFileSync(
    path.join(artifactsDir('axe', project), `${slug(label)}.json`),
    JSON.stringify(
      {
        label,
        url: page.url(),
        violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target) })),
      },
      null,
      2,
    ),
  );
  expect(blocking.map(describe), `${label}: serious or critical axe violations`).toEqual([]);
  return other.map(describe);
}

/** A full-page screenshot under artifacts/screens/<project>/ (not committed). */
export async function screenshot(page: Page, name: string) {
  await page.screenshot({
    path: path.join(artifactsDir('screens', test.info().project.name), `${slug(name)}.png`),
    fullPage: true,
  });
}

/**
 * Elements whose right edge passes the viewport, ignoring those inside containers that scroll or clip on
 * purpose (overflow-x other than visible) and visually hidden text.
 */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
        const ox = getComputedStyle(p).overflowX;
        if (ox !== 'visible') return true;
      }
      return false;
    };
    const offenders: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const s = getComputedStyle(el);
      if (s.visibility === 'hidden' || s.clip !== 'auto' || s.position === 'fixed') continue;
      if (r.right > vw + 1 && !clipped(el)) {
        const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/)[0]}` : '';
        offenders.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls} right=${Math.round(r.right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, viewport: vw, offenders: offenders.slice(0, 10) };
  });
}

export async function expectNoHorizontalOverflow(page: Page, label: string) {
  const o = await horizontalOverflow(page);
  expect(o.scrollWidth, `${label}: page scroll width`).toBeLessThanOrEqual(o.viewport);
  expect(o.offenders, `${label}: elements past the right edge`).toEqual([]);
}

/**
 * The page structure every route keeps: lang, a title, one h1, the banner, navigation, main and
 * contentinfo landmarks, and a name on every control that shows no text.
 */
export async function expectPageStructure(page: Page, label: string, title: RegExp | string) {
  await expect(page.locator('html'), `${label}: document language`).toHaveAttribute('lang', 'en');
  await expect(page, `${label}: document title`).toHaveTitle(title);
  const s = await page.evaluate(() => {
    // Shown to sighted users and exposed to assistive technology (not hidden, clipped or aria-hidden).
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return (
        r.width > 1 &&
        r.height > 1 &&
        s.visibility !== 'hidden' &&
        s.clip === 'auto' &&
        !el.closest('[aria-hidden="true"]')
      );
    };
    const unnamed = Array.from(
      document.querySelectorAll('button, a[href], [role="button"], input:not([type="hidden"]), select, textarea'),
    )
      .filter(visible)
      .filter((el) => {
        if (
          el.getAttribute('aria-label')?.trim() ||
          el.getAttribute('aria-labelledby') ||
          el.getAttribute('title')?.trim()
        )
          return false;
        if (el.matches('input, select, textarea')) {
          const id = el.getAttribute('id');
          return !(id && document.querySelector(`label[for="${CSS.escape(id)}"]`)) && !el.closest('label');
        }
        if (el.textContent?.trim()) return false;
        return !el.querySelector('img[alt]:not([alt=""]), svg[aria-label], [role="img"][aria-label]');
      })
      .map((el) => el.outerHTML.slice(0, 120));
    return {
      h1: Array.from(document.querySelectorAll('h1')).map((h) => h.textContent?.trim() ?? ''),
      banner: document.querySelectorAll('[role="banner"]').length,
      nav: document.querySelectorAll('nav, [role="navigation"]').length,
      main: document.querySelectorAll('main, [role="main"]').length,
      contentinfo: document.querySelectorAll('[role="contentinfo"]').length,
      unnamed,
    };
  });
  expect(s.h1, `${label}: exactly one h1`).toHaveLength(1);
  expect(s.banner, `${label}: banner landmark`).toBe(1);
  expect(s.nav, `${label}: navigation landmark`).toBeGreaterThanOrEqual(1);
  expect(s.main, `${label}: main landmark`).toBe(1);
  expect(s.contentinfo, `${label}: contentinfo landmark`).toBe(1);
  expect(s.unnamed, `${label}: controls without an accessible name`).toEqual([]);
}

/** Waits until no loading indicator is shown. */
async function settled(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Searching jobs)$/ })).toHaveCount(0);
}

export interface RouteCheck {
  /** Label in messages and file names. */
  name: string;
  url: string;
  /** Expected document title. */
  title: RegExp | string;
  /** Shown once the page is ready. */
  ready: (page: Page) => Locator;
}

/** Opens a route and holds it to every check: axe, structure, screenshot and (at 390px) horizontal overflow. */
export async function checkRoute(page: Page, r: RouteCheck, variant: string) {
  await page.goto(r.url);
  await expect(r.ready(page), `${variant} ${r.name}: ready`).toBeVisible();
  await settled(page);
  const label = `${variant} ${r.name}`;
  await expectPageStructure(page, label, r.title);
  await axeScan(page, label);
  await screenshot(page, label);
  if ((page.viewportSize()?.width ?? 1280) <= 390) await expectNoHorizontalOverflow(page, label);
}

/** The element that has focus shows a visible focus indicator (an outline or a ring). */
export async function expectFocusVisible(page: Page) {
  const r = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { ok: false, what: 'nothing focused' };
    const ring = (e: Element) => {
      const s = getComputedStyle(e);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
      return { outline, shadow: s.boxShadow !== 'none' };
    };
    // Chromium's date and time fields have a picker button of their own in a closed shadow root; while it
    // has focus the field matches neither :focus nor :focus-visible and Chromium draws the ring itself.
    if (el.matches('input[type="date"], input[type="time"], input[type="datetime-local"]') && !el.matches(':focus'))
      return { ok: true, what: '' };
    const own = ring(el);
    if (own.outline || (own.shadow && el.matches(':focus-visible'))) return { ok: true, what: '' };
    // A composite control may draw the ring on its wrapper with :focus-within.
    for (let p = el.parentElement, i = 0; p && i < 3; p = p.parentElement, i++) {
      if (p.matches(':focus-within') && ring(p).outline) return { ok: true, what: '' };
    }
    return { ok: false, what: el.outerHTML.slice(0, 160) };
  });
  expect(r.ok, `focus indicator on ${r.what}`).toBe(true);
}

/** Presses Tab (or Shift+Tab) until the target has focus; fails after `max` presses. Every stop shows focus. */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 60, back = false }: { max?: number; back?: boolean } = {},
) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectFocusVisible(page);
  }
  await expect(target).toBeFocused();
}

/**
 * Where focus is among the tabbable elements of a container, in the order Tab walks them (computed afresh,
 * since a modal may render more controls as its data loads): the index (-1 outside) and their count.
 */
async function focusAmongTabbables(container: Locator): Promise<{ index: number; count: number }> {
  return container.evaluate((root) => {
    const items = Array.from(
      root.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]',
      ),
    )
      .filter((el) => !(el as HTMLButtonElement).disabled && el.tabIndex >= 0 && !el.closest('[inert]'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      })
      // Of a radio group only the checked radio (or the first when none is checked) is a Tab stop.
      .filter((el) => {
        if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || el.checked) return true;
        const group = Array.from(
          document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${CSS.escape(el.name)}"]`),
        );
        return !group.some((g) => g.checked) && group[0] === el;
      });
    return { index: items.indexOf(document.activeElement as HTMLElement), count: items.length };
  });
}

/**
 * Focus is trapped in an open modal: Tab from its last element goes to its first and Shift+Tab from the
 * first to the last.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator) {
  // A dialog's content may load after it opens (the login form is a lazy chunk): wait for its controls.
  await expect
    .poll(async () => (await focusAmongTabbables(dialog)).count, { message: 'focusable elements in the dialog' })
    .toBeGreaterThan(0);
  const { count } = await focusAmongTabbables(dialog);
  // Walk to the last element with Tab.
  for (let i = 0; i <= count + 2; i++) {
    const at = await focusAmongTabbables(dialog);
    if (at.index === at.count - 1) break;
    await page.keyboard.press('Tab');
  }
  let at = await focusAmongTabbables(dialog);
  expect(at.index, 'reached the last element with Tab').toBe(at.count - 1);
  await page.keyboard.press('Tab');
  at = await focusAmongTabbables(dialog);
  expect(at.index, 'Tab from the last element goes to the first').toBe(0);
  await expectFocusVisible(page);
  await page.keyboard.press('Shift+Tab');
  at = await focusAmongTabbables(dialog);
  expect(at.index, 'Shift+Tab from the first element goes to the last').toBe(at.count - 1);
}
