import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STEP } from '@hcp/contracts';
import { json } from '../../../test/render.tsx';
import { renderStep } from '../../../test/application.tsx';
import ReferencesPage from './references-page.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../../../test/application.tsx')).authMock);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const facilities = {
  facilityOptions: [{ historyId: 301, facilityInformation: "St. David's Medical Center - Austin, TX" }],
};
const before = [STEP.background, STEP.address, STEP.license, STEP.education, STEP.employment];

function open(records: unknown[] = []) {
  return renderStep(
    <ReferencesPage />,
    '/references',
    (done) => ({
      'HcpReferences/getFacilityOptions': facilities,
      'HcpEmploymentHistory/getEmploymentHistoryRecords': records,
      'GET HcpJobApplication/getHcpReferences': { ok: true, references: [] },
      'POST HcpJobApplication/HcpReferences': () => {
        done.push(STEP.references);
        return json({ ok: true });
      },
    }),
    before,
  );
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  card: HTMLElement,
  who: { first: string; phone: string; email?: string; last?: string },
) {
  const c = within(card);
  await user.selectOptions(
    c.getByRole('combobox', { name: /^Select Facility/ }),
    "St. David's Medical Center - Austin, TX",
  );
  await user.type(c.getByLabelText(/^First Name/), who.first);
  await user.type(c.getByLabelText(/^Last Name/), who.last ?? 'Hale');
  await user.type(c.getByLabelText(/^Job Title/), ' Nurse Manager ');
  await user.type(c.getByLabelText(/^Phone Number \*/), who.phone);
  await user.selectOptions(c.getByRole('combobox', { name: /^Phone Number Type/ }), 'Office');
  if (who.email) await user.type(c.getByLabelText(/^Email/), who.email);
}

describe('the references step', () => {
  it('names a wrong phone or email once the field is left; Next waits for both references', async () => {
    open();
    const user = userEvent.setup();
    const first = await screen.findByRole('region', { name: 'Reference 1' });
    const phone = within(first).getByLabelText(/^Phone Number \*/);
    await user.click(phone);
    await user.tab();
    expect(within(first).getByText('Please enter a 10 digit phone number')).toBeInTheDocument();
    await user.type(phone, '(512) 555-01');
    expect(phone).toHaveValue('51255501');
    await user.type(phone, '00');
    expect(within(first).queryByText('Please enter a 10 digit phone number')).toBeNull();
    await user.type(within(first).getByLabelText(/^Email/), 'monica@');
    expect(within(first).queryByText('Please enter a valid email')).toBeNull();
    await user.tab();
    expect(within(first).getByText('Please enter a valid email')).toBeInTheDocument();
    await user.type(within(first).getByLabelText(/^Email/), 'example.com');
    expect(within(first).queryByText('Please enter a valid email')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('sends both references with their numbers', async () => {
    const calls = open();
    const user = userEvent.setup();
    await fill(user, await screen.findByRole('region', { name: 'Reference 1' }), {
      first: 'Monica',
      phone: '5125550100',
      email: 'monica@example.com',
    });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await fill(user, screen.getByRole('region', { name: 'Reference 2' }), { first: 'Ray', phone: '5125550101' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('/certifications');
    expect(calls.find((c) => c.method === 'POST' && c.path === 'HcpJobApplication/HcpReferences')?.body).toEqual([
      {
        historyId: 301,
        firstName: 'Monica',
        lastName: 'Hale',
        title: 'Nurse Manager',
        phoneNumber: '5125550100',
        phoneType: 'Office',
        email: 'monica@example.com',
        referenceNumber: 0,
      },
      {
        historyId: 301,
        firstName: 'Ray',
        lastName: 'Hale',
        title: 'Nurse Manager',
        phoneNumber: '5125550101',
        phoneType: 'Office',
        email: null,
        referenceNumber: 1,
      },
    ]);
  });

  it('refuses the same person as both references', async () => {
    const calls = open();
    const user = userEvent.setup();
    await fill(user, await screen.findByRole('region', { name: 'Reference 1' }), {
      first: 'Monica',
      phone: '5125550100',
      email: 'monica@example.com',
    });
    const second = screen.getByRole('region', { name: 'Reference 2' });
    await fill(user, second, { first: ' monica ', last: 'HALE', phone: '5125550101' });
    expect(
      within(second).getByText('Please name someone else: Reference 1 is already this person'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    // Another name, but the first reference's email: still the same person.
    await user.clear(within(second).getByLabelText(/^First Name/));
    await user.type(within(second).getByLabelText(/^First Name/), 'Ray');
    expect(within(second).queryByText('Please name someone else: Reference 1 is already this person')).toBeNull();
    await user.type(within(second).getByLabelText(/^Email/), 'Monica@Example.com');
    expect(
      within(second).getByText('Please name someone else: Reference 1 is already this person'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.clear(within(second).getByLabelText(/^Email/));
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('warns when the chosen facility was left more than two years ago', async () => {
    const year = new Date().getFullYear();
    open([
      {
        employmentHistoryId: 301,
        employmentTypeId: 1,
        facilityName: "St. David's Medical Center",
        city: 'Austin',
        stateId: 44,
        startMonth: 1,
        startYear: year - 6,
        endMonth: 1,
        endYear: year - 4,
        professionId: 13,
        agencyName: null,
        isCharge: null,
        unitsFloated: null,
        shiftPerMonth: null,
        specialties: [],
        emrs: [1],
        deleted: false,
        isVerified: false,
      },
    ]);
    const user = userEvent.setup();
    const first = within(await screen.findByRole('region', { name: 'Reference 1' }));
    expect(first.queryByText(/more than two years ago/)).toBeNull();
    await user.selectOptions(
      first.getByRole('combobox', { name: /^Select Facility/ }),
      "St. David's Medical Center - Austin, TX",
    );
    expect(
      first.getByText(
        'You left this job more than two years ago. We ask for references from the last two years: choose a more recent job if you can.',
      ),
    ).toBeInTheDocument();
  });

  it('brings back a reference being typed after a reload, before it is saved', async () => {
    open();
    const user = userEvent.setup();
    const first = within(await screen.findByRole('region', { name: 'Reference 1' }));
    await user.type(first.getByLabelText(/^First Name/), 'Monica');
    cleanup();
    open();
    const again = within(await screen.findByRole('region', { name: 'Reference 1' }));
    expect(again.getByLabelText(/^First Name/)).toHaveValue('Monica');
  });
});
