import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REFERENCE_OWN_ADDRESS, currentYear, emrSystems, employmentTypes, months } from '@hcp/contracts';
import { json, polyfillDialog, renderWithProviders, stubApi } from '../../../test/render.tsx';
import { EmploymentModal } from './employment-modal.tsx';
import { ReferenceModal } from './reference-modal.tsx';

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const facilities = {
  facilityOptions: [{ historyId: 301, facilityInformation: "St. David's Medical Center - Austin, TX" }],
};

describe('the profile reference modal', () => {
  it('names a short phone once it is left and a wrong email on Save; sends the reference once both are right', async () => {
    const calls = stubApi({
      'HcpReferences/getFacilityOptions': facilities,
      'POST HcpReferences/saveReference': { ok: true, referenceId: 77 },
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ReferenceModal open onClose={() => {}} onSaved={onSaved} />);
    const dialog = within(await screen.findByRole('dialog'));
    await user.selectOptions(
      await dialog.findByRole('combobox', { name: /^Select Facility/ }),
      "St. David's Medical Center - Austin, TX",
    );
    await user.type(dialog.getByLabelText(/^First Name/), 'Monica');
    await user.type(dialog.getByLabelText(/^Last Name/), 'Hale');
    await user.type(dialog.getByLabelText(/^Job Title/), 'Nurse Manager');
    const phone = dialog.getByLabelText(/^Phone Number \*/);
    await user.type(phone, '51255');
    await user.tab();
    expect(dialog.getByText('Please enter a 10 digit phone number')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await user.type(phone, '50100');
    expect(dialog.queryByText('Please enter a 10 digit phone number')).toBeNull();
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Phone Number Type/ }), 'Mobile');

    const email = dialog.getByLabelText(/^Email/);
    await user.type(email, 'monica@');
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled(); // the email is optional, and checked on Save
    await user.click(save);
    expect(dialog.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'HcpReferences/saveReference')).toBe(false);

    await user.type(email, 'example.com');
    await user.click(save);
    expect(onSaved).toHaveBeenCalled();
    expect(calls.find((c) => c.path === 'HcpReferences/saveReference')?.body).toEqual({
      historyId: 301,
      firstName: 'Monica',
      lastName: 'Hale',
      title: 'Nurse Manager',
      phoneNumber: '5125550100',
      phoneType: 'Mobile',
      email: 'monica@example.com',
    });
  });

  it('shows a refusal written for the clinician', async () => {
    stubApi({
      'HcpReferences/getFacilityOptions': facilities,
      'POST HcpReferences/saveReference': () => json({ status: 422, ...REFERENCE_OWN_ADDRESS }, 422),
    });
    const user = userEvent.setup();
    renderWithProviders(<ReferenceModal open onClose={() => {}} onSaved={() => {}} />);
    const dialog = within(await screen.findByRole('dialog'));
    await user.selectOptions(
      await dialog.findByRole('combobox', { name: /^Select Facility/ }),
      "St. David's Medical Center - Austin, TX",
    );
    for (const [label, text] of [
      [/^First Name/, 'Dana'],
      [/^Last Name/, 'Rivera'],
      [/^Job Title/, 'RN'],
      [/^Phone Number \*/, '5125550100'],
      [/^Email/, 'dana@example.com'],
    ] as const)
      await user.type(dialog.getByLabelText(label), text);
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Phone Number Type/ }), 'Office');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(REFERENCE_OWN_ADDRESS.message)).toBeInTheDocument();
  });
});

describe('the profile reference modal, as the references step', () => {
  const two = {
    facilityOptions: [
      { historyId: 301, facilityInformation: "St. David's Medical Center - Austin, TX" },
      { historyId: 302, facilityInformation: 'Dell Seton - Austin, TX' },
    ],
  };
  const older =
    'You left this job more than two years ago. We ask for references from the last two years: choose a more recent job if you can.';
  const same = 'Please name someone else: Reference 1 is already this person';

  it('warns when the chosen job was left more than two years ago', async () => {
    stubApi({ 'HcpReferences/getFacilityOptions': two });
    const user = userEvent.setup();
    const year = new Date().getFullYear();
    renderWithProviders(
      <ReferenceModal
        open
        onClose={() => {}}
        onSaved={() => {}}
        records={[
          { employmentHistoryId: 301, endDate: `01/${year - 4}` },
          { employmentHistoryId: 302, endDate: null },
        ]}
      />,
    );
    const dialog = within(await screen.findByRole('dialog'));
    const facility = await dialog.findByRole('combobox', { name: /^Select Facility/ });
    expect(dialog.queryByText(older)).toBeNull();
    await user.selectOptions(facility, "St. David's Medical Center - Austin, TX");
    expect(dialog.getByText(older)).toBeInTheDocument();
    // A job still going on is recent.
    await user.selectOptions(facility, 'Dell Seton - Austin, TX');
    expect(dialog.queryByText(older)).toBeNull();
  });

  it('names someone already on file as soon as they are typed and holds Save; says so when the server refuses', async () => {
    const calls = stubApi({
      'HcpReferences/getFacilityOptions': two,
      'POST HcpReferences/saveReference': () =>
        json({ status: 409, code: 'same_reference', message: same, errors: [{ field: 'email', message: same }] }, 409),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <ReferenceModal
        open
        onClose={() => {}}
        onSaved={() => {}}
        references={[{ firstName: 'Dana', lastName: 'Rivera', email: 'dana@example.com' }]}
      />,
    );
    const dialog = within(await screen.findByRole('dialog'));
    await user.selectOptions(
      await dialog.findByRole('combobox', { name: /^Select Facility/ }),
      'Dell Seton - Austin, TX',
    );
    await user.type(dialog.getByLabelText(/^First Name/), ' dana');
    await user.type(dialog.getByLabelText(/^Last Name/), 'RIVERA');
    await user.type(dialog.getByLabelText(/^Job Title/), 'Charge Nurse');
    await user.type(dialog.getByLabelText(/^Phone Number \*/), '5125550100');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Phone Number Type/ }), 'Office');
    expect(dialog.getByText(same)).toHaveAttribute('role', 'alert');
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    // Another person is fine...
    await user.clear(dialog.getByLabelText(/^Last Name/));
    await user.type(dialog.getByLabelText(/^Last Name/), 'Reyes');
    expect(dialog.queryByText(same)).toBeNull();
    expect(save).toBeEnabled();
    // ...unless the server knows them (a reference added in another tab): its refusal is shown in its words.
    await user.click(save);
    expect(await dialog.findByText(same)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'HcpReferences/saveReference')).toHaveLength(1);
  });
});

describe('the profile employment modal', () => {
  it('starts on the default profession and saves a record once the employment rule is met', async () => {
    const calls = stubApi({
      'HcpEmploymentHistory/optionsv2': {
        employmentTypes,
        professions: [{ professionId: 13, name: 'Registered Nurse', specialties: [] }],
        states: [{ stateId: 44, name: 'Texas' }],
        electronicMedicalRecordsSystems: emrSystems,
        months,
      },
      'POST HcpProfileEmploymentHistory/saveEmploymentHistory': { employmentHistoryId: 5 },
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<EmploymentModal open onClose={() => {}} onSaved={onSaved} />);
    const dialog = within(await screen.findByRole('dialog'));
    await user.selectOptions(
      await dialog.findByRole('combobox', { name: /^Employment Type/ }),
      'Core Staff (Full-Time)',
    );
    expect(dialog.getByRole('combobox', { name: /^Profession/ })).toHaveValue('13');
    const save = dialog.getByRole('button', { name: 'Save' });
    await user.type(dialog.getByLabelText(/^Facility Name/), 'Seton');
    await user.type(dialog.getByLabelText(/^City/), 'Austin');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^State/ }), 'Texas');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Start Month/ }), 'January');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Start Year/ }), String(currentYear() - 3));
    await user.selectOptions(dialog.getByRole('combobox', { name: /^End Month/ }), 'June');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^End Year/ }), String(currentYear() - 4));
    expect(dialog.getByText('The end date must be after the start date and not in the future')).toBeInTheDocument();
    await user.selectOptions(dialog.getByRole('combobox', { name: /^End Year/ }), String(currentYear() - 1));
    expect(dialog.queryByText('The end date must be after the start date and not in the future')).toBeNull();
    expect(save).toBeDisabled(); // no record system chosen yet
    await user.click(dialog.getByRole('checkbox', { name: 'Cerner (Oracle Health)' }));
    expect(save).toBeEnabled();
    await user.click(save);
    expect(onSaved).toHaveBeenCalled();
    expect(calls.find((c) => c.path === 'HcpProfileEmploymentHistory/saveEmploymentHistory')?.body).toMatchObject({
      employmentTypeId: 1,
      facilityName: 'Seton',
      stateId: 44,
      startMonth: 1,
      endMonth: 6,
      endYear: currentYear() - 1,
      professionId: 13,
      emrs: [2],
    });
  });
});
