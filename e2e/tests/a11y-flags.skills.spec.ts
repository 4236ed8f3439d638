// Pages behind flags that are off in the shipped configuration, on the flag server of
// playwright.skills.config.ts (skills checklist and timesheets on): axe and structure at both sizes, the
// keyboard-only shift entry, and the stacked timesheet layout at 1250px.
import type { APIRequestContext, Page } from '@playwright/test';
import { axeScan, checkRoute, expectNoHorizontalOverflow, screenshot, tabTo } from '../a11y.ts';
import {
  DEMO,
  clinicianWithPlacements,
  completeStepsBeforeSkills,
  expect,
  loginViaApi,
  newClinician,
  test,
} from '../fixtures.ts';

// Each test walks several pages and states; on a shared two-core machine that can take minutes.
test.describe.configure({ timeout: 180_000 });

const title = (t: string) => `${t} | TRS Healthcare`;
const narrow = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 1250;
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

interface Period {
  timesheetId: number;
  startDate: string;
  endDate: string;
  isLocked: boolean;
  submittedDate: string | null;
}

async function periodsOf(request: APIRequestContext, token: string) {
  const list = await (
    await request.get('/core/api/Timesheets/getList', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  return list[0].timesheets as Period[];
}

test('skills checklist and its summary', async ({ page, request }) => {
  const who = await newClinician(request);
  const token = await loginViaApi(page, request, who);
  await completeStepsBeforeSkills(request, token);
  await checkRoute(
    page,
    {
      name: 'skills checklist',
      url: '/skills-checklist',
      title: title('Skills Checklist'),
      ready: (p) => p.getByRole('button', { name: 'Take Selected Checklists' }),
    },
    'flags',
  );
  await page.getByRole('button', { name: 'Take Selected Checklists' }).click();
  await expect(page).toHaveURL(/\/skills-checklist-summary$/);
  await checkRoute(
    page,
    {
      name: 'skills checklist summary',
      url: '/skills-checklist-summary',
      title: title('Skills Checklist Summary'),
      ready: (p) => p.getByRole('button', { name: 'Continue with Application' }),
    },
    'flags',
  );
  await checkRoute(
    page,
    {
      name: 'dashboard with 10 sections',
      url: '/dashboard',
      title: title('Dashboard'),
      ready: (p) => p.getByText(/of 10 Sections Completed/),
    },
    'flags',
  );
});

test('timesheets: the page, a pay period and the time entry form', async ({ page, request }) => {
  const token = await loginViaApi(page, request, DEMO);
  const periods = await periodsOf(request, token);
  const open = periods.find((p) => !p.isLocked && !p.submittedDate)!;
  await checkRoute(
    page,
    {
      name: 'timesheets',
      url: '/timesheet',
      title: title('Timesheets'),
      ready: (p) => p.getByRole('heading', { level: 2, name: 'Pay Periods' }),
    },
    'flags',
  );
  // The menu leads to the page itself while the flag is on.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('link', { name: 'Timesheets' })).toHaveAttribute('href', '/timesheet');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: new RegExp(`^${us(open.startDate)} - ${us(open.endDate)}`) }).click();
  const panel = page.getByRole('region', { name: new RegExp(`${us(open.startDate)} - ${us(open.endDate)}`) });
  await panel.getByRole('button', { name: 'New Time Entry' }).click();
  const form = panel.getByRole('form', { name: 'New time entry' });
  await expect(form.getByRole('textbox', { name: /^Date/ })).toBeFocused();
  await axeScan(page, 'flags timesheet entry form');
  await screenshot(page, 'flags timesheet entry form');
  if ((page.viewportSize()?.width ?? 1280) <= 390) await expectNoHorizontalOverflow(page, 'flags timesheet entry form');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('button', { name: 'New Time Entry' })).toBeFocused();
});

test('add a shift with the keyboard only', async ({ page, request }) => {
  const who = await clinicianWithPlacements(page, request, { FirstName: 'Ren', LastName: 'Okafor' });
  const open = (await periodsOf(request, who.token)).find((p) => !p.isLocked && !p.submittedDate)!;
  await page.goto('/timesheet');
  await expect(page.getByRole('heading', { level: 2, name: 'Pay Periods' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: new RegExp(`^${us(open.startDate)} - ${us(open.endDate)}`) }));
  await page.keyboard.press('Enter');
  if (narrow(page)) await expect(page.getByRole('button', { name: '‹ Pay Periods' })).toBeFocused();
  const panel = page.getByRole('region', { name: new RegExp(`${us(open.startDate)} - ${us(open.endDate)}`) });
  await tabTo(page, panel.getByRole('button', { name: 'New Time Entry' }));
  await page.keyboard.press('Enter');
  const form = panel.getByRole('form', { name: 'New time entry' });
  const date = form.getByRole('textbox', { name: /^Date/ });
  await expect(date).toBeFocused();
  const day = new Date(`${open.startDate}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 2);
  const iso = day.toISOString().slice(0, 10);
  // The date is typed as MM/DD/YYYY; the native time fields take their parts in order: hh mm AM/PM.
  await page.keyboard.type(us(iso));
  await expect(date).toHaveValue(us(iso));
  await tabTo(page, form.getByLabel(/^Start Time/));
  await page.keyboard.type('0645A');
  await tabTo(page, form.getByLabel(/^End Time/));
  await page.keyboard.type('0715P');
  await tabTo(page, form.getByLabel(/^Lunch/));
  await page.keyboard.type('30');
  await tabTo(page, form.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  const entry = panel.getByRole('listitem', { name: `Time entry ${us(iso)}` });
  await expect(entry).toContainText('6:45 AM - 7:15 PM');
  await expect(entry).toContainText('30 min lunch');
  await expect(panel.getByRole('button', { name: 'New Time Entry' })).toBeFocused();
  if (narrow(page)) {
    await tabTo(page, page.getByRole('button', { name: '‹ Pay Periods' }), { back: true });
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('button', { name: new RegExp(`^${us(open.startDate)} - ${us(open.endDate)}`) }),
    ).toBeFocused();
  }
});

test(
  'timesheets: stacked with a contract dropdown and a Pay Periods link at 1250px, side by side at 1251px',
  { tag: '@layout' },
  async ({ page, request }) => {
    await loginViaApi(page, request, DEMO);
    await page.setViewportSize({ width: 1251, height: 900 });
    await page.goto('/timesheet');
    const contracts = page.getByRole('navigation', { name: 'Contracts' });
    const periodsHeading = page.getByRole('heading', { level: 2, name: 'Pay Periods' });
    const entries = page
      .getByRole('button', { name: 'New Time Entry' })
      .or(page.getByText('No time entries for this pay period.'));
    await expect(contracts).toBeVisible();
    await expect(entries.first()).toBeVisible();
    // Contracts, pay periods and the entries side by side.
    const c = (await contracts.boundingBox())!;
    const p = (await periodsHeading.boundingBox())!;
    expect(p.x).toBeGreaterThan(c.x + c.width - 1);

    await page.setViewportSize({ width: 1250, height: 900 });
    await expect(contracts).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Contract' })).toBeVisible();
    await expect(periodsHeading).toBeVisible();
    await page
      .getByRole('button', { name: /^\d{2}\/\d{2}\/\d{4} - / })
      .first()
      .click();
    await expect(page.getByRole('button', { name: '‹ Pay Periods' })).toBeVisible();
    await expect(periodsHeading).toHaveCount(0);
    await page.setViewportSize({ width: 1251, height: 900 });
    await expect(contracts).toBeVisible();
    await expect(page.getByRole('button', { name: '‹ Pay Periods' })).toHaveCount(0);
  },
);
