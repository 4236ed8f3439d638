import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STEP, currentYear, emrSystems, employmentTypes, months } from '@hcp/contracts';
import { json } from '../../../test/render.tsx';
import { renderStep } from '../../../test/application.tsx';
import EmploymentPage from './employment-page.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../../../test/application.tsx')).authMock);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const options = {
  employmentTypes,
  professions: [{ professionId: 13, name: 'Registered Nurse', specialties: [{ id: 1, name: 'ICU' }] }],
  states: [{ stateId: 44, name: 'Texas' }],
  electronicMedicalRecordsSystems: emrSystems,
  months,
};

function open() {
  return renderStep(
    <EmploymentPage />,
    '/employment-history',
    () => ({
      'HcpEmploymentHistory/optionsv2': options,
      'HcpEmploymentHistory/getEmploymentHistoryRecords': [],
      'POST HcpEmploymentHistory/insert': json({ employmentHistoryId: 901 }),
    }),
    [STEP.background, STEP.address, STEP.license, STEP.education],
  );
}

describe('the employment history step', () => {
  it('saves a complete record, shows its summary, and then lets Next complete the step', async () => {
    const calls = open();
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Employment History 1' });
    const c = within(card);
    const save = c.getByRole('button', { name: 'Save Record' });
    await user.selectOptions(c.getByRole('combobox', { name: /^Employment Type/ }), 'Travel');
    await user.type(c.getByLabelText(/^Facility Name/), "St. David's");
    await user.type(c.getByLabelText(/^Agency Name/), 'TRS');
    await user.type(c.getByLabelText(/^City/), 'Austin');
    await user.selectOptions(c.getByRole('combobox', { name: /^State/ }), 'Texas');
    await user.selectOptions(c.getByRole('combobox', { name: /^Start Month/ }), 'March');
    await user.selectOptions(c.getByRole('combobox', { name: /^Start Year/ }), String(currentYear() - 2));
    await user.click(c.getByRole('checkbox', { name: 'I still work here' }));
    await user.selectOptions(c.getByRole('combobox', { name: /^Profession/ }), 'Registered Nurse');
    await user.click(c.getByRole('checkbox', { name: 'ICU' }));
    await user.click(c.getByRole('checkbox', { name: 'Epic' }));
    expect(save).toBeDisabled(); // the float question is unanswered
    await user.click(
      within(c.getByRole('group', { name: 'Did you float to other units?' })).getByRole('button', { name: 'No' }),
    );
    expect(save).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(save);

    expect(await c.findByText(`March ${currentYear() - 2} - Present`)).toBeInTheDocument();
    expect(calls.find((x) => x.path === 'HcpEmploymentHistory/insert')?.body).toMatchObject({
      employmentHistoryId: null,
      employmentTypeId: 2,
      facilityName: "St. David's",
      agencyName: 'TRS',
      city: 'Austin',
      stateId: 44,
      startMonth: 3,
      startYear: currentYear() - 2,
      endMonth: null,
      endYear: null,
      professionId: 13,
      specialties: [1],
      emrs: [1],
      unitsFloated: null,
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('/references');
    expect(calls.find((x) => x.path === 'HcpWebApplicationStep/updateWebApplicationStep')?.body).toEqual({
      StepName: STEP.employment,
      StepComplete: true,
    });
  });
});
