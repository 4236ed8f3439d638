// The accessibility checks themselves: axe, run the way every spec runs it (a11y.ts), reports violations planted
// in a real page of the portal. Without this, a scan that silently checked nothing would pass every other spec.
import { axeResults, axeScan } from '../a11y.ts';
import { expect, test } from '../fixtures.ts';

test('axe finds planted violations on a portal page, and the blocking ones fail a scan', async ({ page }) => {
  await page.goto('/search-form');
  await expect(page.getByRole('heading', { level: 1, name: 'Search Jobs' })).toBeVisible();
  // A clean page first: the portal's own markup has no serious or critical finding here.
  await axeScan(page, 'axe self-check, as served');

  await page.evaluate(() => {
    const main = document.querySelector('main')!;
    const box = document.createElement('section');
    box.innerHTML =
      '<input type="text" id="planted-unlabelled">' +
      '<img src="/favicon.ico" id="planted-no-alt">' +
      '<p id="planted-low-contrast" style="color:#eee;background:#fff">Barely visible text</p>';
    main.append(box);
  });
  const found = await axeResults(page);
  const byRule = new Map(found.violations.map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))]));
  // A form rule, an image rule and the contrast rule (the one that reads computed styles).
  expect(byRule.get('label')).toContain('#planted-unlabelled');
  expect(byRule.get('image-alt')).toContain('#planted-no-alt');
  expect(byRule.get('color-contrast')).toContain('#planted-low-contrast');
  // The same findings make the shared scan fail.
  await expect(axeScan(page, 'axe self-check, planted')).rejects.toThrow(/serious or critical axe violations/);
});
