// Layout rules at the breakpoints (800/801px, 1249/1250/1251/1252px), checked by
// resizing the window; and the print stylesheet of job details and e-documents. Desktop project only (@layout).
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, loginViaApi, newClinician, referenceFormPath, test } from '../fixtures.ts';

const width = async (page: Page, w: number) => page.setViewportSize({ width: w, height: 900 });
/** The element's box; while a re-render at a new width has it hidden or replaced, waits for it to show again. */
const box = async (l: Locator) => {
  for (let i = 0; i < 50; i++) {
    const b = await l.boundingBox();
    if (b) return b;
    await l.waitFor({ state: 'visible' });
  }
  throw new Error(`no box for ${l.toString()}`);
};

async function openJob(page: Page) {
  const res = await page.request.get('/core/api/jobsearch/jobs?pageSize=5');
  return (
    (await res.json()) as { jobList: { jobId: number; isAvailable: boolean; profession: string; specialty: string }[] }
  ).jobList.find((j) => j.isAvailable)!;
}

test.describe('breakpoints', { tag: '@layout' }, () => {
  test('job search: results beside the details above 1250px, full-screen details with a Results link at 1250px and below', async ({
    page,
  }) => {
    await width(page, 1251);
    await page.goto('/job-search');
    const cards = page.locator('article[data-job-id]');
    const pane = page.getByRole('region', { name: 'Job details' });
    await expect(cards.first()).toBeVisible();
    await expect(pane).toBeVisible();
    // Side by side: the pane starts to the right of the list.
    expect((await box(pane)).x).toBeGreaterThan((await box(cards.first())).x + (await box(cards.first())).width - 1);
    const second = cards.nth(1);
    const title = (await second.getByRole('heading').innerText()).trim();
    await second.click();
    await expect(pane.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: '‹ Results' })).toHaveCount(0);

    // One pixel narrower: the chosen job fills the screen with the 'Results' back link; no list.
    await width(page, 1250);
    const back = page.getByRole('button', { name: '‹ Results' });
    await expect(back).toBeVisible();
    await expect(cards).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await back.click();
    await expect(cards.first()).toBeVisible();
    await expect(pane).toHaveCount(0);
    await cards.first().click();
    await expect(back).toBeVisible();

    // 1249 is narrow too; back to 1251 shows both again.
    await width(page, 1249);
    await expect(back).toBeVisible();
    await width(page, 1251);
    await expect(pane).toBeVisible();
    await expect(back).toHaveCount(0);
    await expect(cards.first()).toBeVisible();
  });

  test('embedded job search: a job opens in the pane above 1250px and on its own page at 1250px', async ({ page }) => {
    await width(page, 1251);
    await page.goto('/careers/find-a-job');
    const card = page.locator('article[data-job-id]').nth(1);
    const jobId = await card.getAttribute('data-job-id');
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/careers/find-a-job\\?jobId=${jobId}$`));
    await width(page, 1250);
    await page.goto('/careers/find-a-job');
    await page.locator('article[data-job-id]').nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/careers/find-a-job/${jobId}\\?returnUrl=`));
    await expect(page.getByRole('link', { name: /Back to results/ })).toBeVisible();
  });

  test('terms: the button is on top (first in reading and Tab order) at 800px, below the agreements at 801px', async ({
    page,
    request,
  }) => {
    const who = await newClinician(request);
    await loginViaApi(page, request, who);
    await page.goto('/apply-now');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/application-documents$/);
    const agree = page.getByRole('button', { name: 'Agree and Proceed' });
    const list = page.getByRole('list', { name: 'Agreements' });
    const precedes = async () =>
      agree.evaluate(
        (b, l) => !!(b.compareDocumentPosition(l!) & Node.DOCUMENT_POSITION_FOLLOWING),
        await list.elementHandle(),
      );
    for (const [w, onTop] of [
      [800, true],
      [801, false],
      [800, true],
    ] as const) {
      await width(page, w);
      await expect
        .poll(
          async () => {
            // The page re-renders its layout at the new width: a box may be missing for a moment.
            const [a, l] = [await agree.boundingBox(), await list.boundingBox()];
            return a && l ? a.y < l.y : null;
          },
          { message: `${w}px: button above the list` },
        )
        .toBe(onTop);
      expect(await precedes(), `${w}px: button before the list in the document`).toBe(onTop);
    }
  });

  test('reference form: the mobile layout at 800px, the desktop layout at 801px', async ({ page, request }) => {
    await width(page, 801);
    await page.goto(await referenceFormPath(request));
    await expect(
      page
        .getByRole('radiogroup', { name: /Employment Type/ })
        .or(page.getByRole('group', { name: /Employment Type/ })),
    ).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Core Staff (Full-Time)' })).toBeChecked();
    await width(page, 800);
    await expect(page.getByRole('combobox', { name: /^Employment Type/ })).toHaveValue('1');
    await expect(page.getByRole('radio', { name: 'Core Staff (Full-Time)' })).toHaveCount(0);
    await width(page, 801);
    await expect(page.getByRole('combobox', { name: /^Employment Type/ })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Core Staff (Full-Time)' })).toBeVisible();
  });

  test("start dialog: the calendar's touch mode at 1251px, the popover at 1252px", async ({ page }) => {
    const job = await openJob(page);
    for (const [w, touch] of [
      [1251, 'true'],
      [1252, 'false'],
    ] as const) {
      await width(page, w);
      await page.goto(`/careers/find-a-job/${job.jobId}`);
      await page.getByRole('button', { name: 'Apply Now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Specify your desired start date and requested time off' });
      await dialog.getByRole('button', { name: 'Choose Your Desired Start Date' }).click();
      const calendar = dialog.getByRole('dialog', { name: 'Your Desired Start Date calendar' });
      await expect(calendar).toHaveAttribute('data-touch', touch);
      const b = await box(calendar);
      if (touch === 'true') {
        // Full screen.
        expect(b.width).toBeGreaterThanOrEqual(w - 1);
        expect(b.height).toBeGreaterThanOrEqual(899);
      } else {
        expect(b.width).toBeLessThan(600);
      }
    }
  });

  test('e-documents: two columns at 1250px and wider, one column at 1249px', async ({ page, request }) => {
    await loginViaApi(page, request, DEMO);
    await page.goto('/e-documents-and-signatures');
    const first = page.getByRole('region', { name: 'Contract Documents Waiting to be Signed' });
    const second = page.getByRole('region', {
      name: 'Signed Contract Documents for Your Current and Future Assignments',
    });
    await width(page, 1250);
    await expect.poll(async () => (await box(second)).y === (await box(first)).y).toBe(true);
    await width(page, 1249);
    await expect
      .poll(async () => (await box(second)).y > (await box(first)).y + (await box(first)).height - 1)
      .toBe(true);
  });

  test('profile: stacked cards at 1250px, side by side at 1251px', async ({ page, request }) => {
    await loginViaApi(page, request, DEMO);
    await page.goto('/profile-page');
    const first = page.getByRole('heading', { level: 2, name: 'Biodata and Contact Info' });
    const second = page.getByRole('heading', { level: 2, name: 'License Information' });
    await expect(second).toBeVisible();
    await width(page, 1251);
    await expect.poll(async () => (await box(second)).x > (await box(first)).x + 100).toBe(true);
    await width(page, 1250);
    await expect.poll(async () => (await box(second)).x === (await box(first)).x).toBe(true);
  });
});

test.describe('print', { tag: '@layout' }, () => {
  async function expectPrintable(page: Page, content: Locator[]) {
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    expect(await page.locator('nav:visible').count(), 'navigation shown in print').toBe(0);
    await expect(page.getByRole('contentinfo')).toBeHidden();
    expect(await page.locator('button:visible').count(), 'buttons shown in print').toBe(0);
    for (const c of content) await expect(c).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('banner')).toBeVisible();
  }

  test('job details print without the header, navigation and buttons', async ({ page }) => {
    const job = await openJob(page);
    await page.goto(`/careers/find-a-job/${job.jobId}?returnUrl=%2Fcareers%2Ffind-a-job`);
    const h1 = page.getByRole('heading', {
      level: 1,
      name: new RegExp(`^${job.profession} - ${job.specialty}`.replace(/[()]/g, '.')),
    });
    await expect(h1).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apply Now' })).toBeVisible();
    await expectPrintable(page, [
      h1,
      page.getByRole('heading', { name: 'Pay Breakdown' }),
      page.getByText('Estimated Gross Weekly Pay'),
      page.getByRole('heading', { name: 'Facility Details' }),
      page.getByRole('heading', { name: 'Benefits' }),
    ]);
  });

  test('signed documents print without the header, navigation and buttons', async ({ page, request }) => {
    await loginViaApi(page, request, DEMO);
    await page.goto('/e-documents-and-signatures');
    const trs = page.getByRole('region', { name: 'Signed TRS Employment Documents' });
    await expect(trs.getByText('HIPAA Agreement')).toBeVisible();
    await expectPrintable(page, [
      page.getByRole('heading', { level: 1, name: 'E-Documents & Signatures' }),
      trs.getByText('HIPAA Agreement'),
      trs.getByText(/^Signed \d{2}\/\d{2}\/\d{4}/).first(),
      page.getByRole('heading', { name: 'Signed Contract Documents for Your Current and Future Assignments' }),
    ]);
  });
});
