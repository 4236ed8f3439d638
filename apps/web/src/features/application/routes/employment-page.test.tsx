import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STEP, currentYear, emrSystems, employmentTypes, months } from '@hcp/contracts';
import { json, polyfillDialog } from '../../../test/render.tsx';
import { renderStep } from '../../../test/application.tsx';
import EmploymentPage from './employment-page.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../../../test/application.tsx')).authMock);
beforeAll(polyfillDialog);
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

  const stored = (id: number, facilityName: string, startYear: number) => ({
    employmentHistoryId: id,
    employmentTypeId: 4,
    facilityName,
    city: null,
    stateId: null,
    startMonth: 1,
    startYear,
    endMonth: 12,
    endYear: startYear,
    professionId: null,
    agencyName: null,
    isCharge: null,
    unitsFloated: null,
    shiftPerMonth: null,
    specialties: [],
    emrs: [],
    deleted: false,
    isVerified: false,
  });
  function openSaved(deleteAnswer: () => Response = () => json({ ok: true })) {
    return renderStep(
      <EmploymentPage />,
      '/employment-history',
      () => ({
        'HcpEmploymentHistory/optionsv2': options,
        'HcpEmploymentHistory/getEmploymentHistoryRecords': [
          stored(1, 'Seton', currentYear() - 3),
          stored(2, 'Dell Children', currentYear() - 2),
          stored(3, 'Ascension', currentYear() - 1),
        ],
        'HcpJobApplication/getHcpReferences': {
          ok: true,
          references: [
            {
              referenceId: 9,
              historyId: 1,
              firstName: 'Monica',
              lastName: 'Hale',
              title: 'Manager',
              phoneNumber: '5125550101',
              phoneType: 'Mobile',
              email: null,
              referenceNumber: 0,
              facility: 'Seton',
              facilityCity: null,
              facilityState: null,
            },
          ],
        },
        'DELETE HcpEmploymentHistory/delete': deleteAnswer,
      }),
      [STEP.background, STEP.address, STEP.license, STEP.education],
    );
  }

  it('keeps Delete disabled with the reason on a record a reference is from, and asks before deleting a saved record', async () => {
    const calls = openSaved();
    const user = userEvent.setup();
    const seton = within(await screen.findByRole('region', { name: 'Employment History 1' }));
    const del = seton.getByRole('button', { name: 'Delete Record' });
    expect(del).toBeDisabled();
    expect(del).toHaveAccessibleDescription(
      /Monica Hale is a reference from this job\. To delete it, choose another facility/,
    );

    const ascension = within(screen.getByRole('region', { name: 'Employment History 3' }));
    await user.click(ascension.getByRole('button', { name: 'Delete Record' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Record' }));
    expect(dialog.getByText('Delete Employment History 3? This cannot be undone.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('region', { name: 'Employment History 3' })).toBeInTheDocument();

    await user.click(ascension.getByRole('button', { name: 'Delete Record' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Record' })).getByRole('button', { name: 'Delete' }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Employment History 3' })).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ EmploymentHistoryId: 3 });
  });

  it('says why when the server refuses the deletion, instead of "something went wrong"', async () => {
    openSaved(() =>
      json(
        {
          status: 409,
          code: 'record_in_use',
          message:
            'A reference is from this job. To delete it, choose another facility for that reference on the References step first.',
        },
        409,
      ),
    );
    const user = userEvent.setup();
    const dell = within(await screen.findByRole('region', { name: 'Employment History 2' }));
    await user.click(dell.getByRole('button', { name: 'Delete Record' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Record' })).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText(/^A reference is from this job\. To delete it, choose another facility/),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Employment History 2' })).toBeInTheDocument();
  });

  it('points out a gap of more than 30 days in the last seven years', async () => {
    const y = currentYear();
    const record = (id: number, start: [number, number], end: [number, number] | null) => ({
      ...stored(id, `Facility ${id}`, start[1]),
      startMonth: start[0],
      endMonth: end ? end[0] : null,
      endYear: end ? end[1] : null,
    });
    renderStep(
      <EmploymentPage />,
      '/employment-history',
      () => ({
        'HcpEmploymentHistory/optionsv2': options,
        'HcpEmploymentHistory/getEmploymentHistoryRecords': [
          record(1, [1, y - 8], [3, y - 2]),
          record(2, [6, y - 2], null),
        ],
        'HcpJobApplication/getHcpReferences': { ok: true, references: [] },
      }),
      [STEP.background, STEP.address, STEP.license, STEP.education],
    );
    const notice = within(await screen.findByRole('status', { name: 'Gaps in your employment history' }));
    expect(notice.getByRole('listitem')).toHaveTextContent(`April ${y - 2} to May ${y - 2} (61 days)`);
    // A warning only: the step can still be completed.
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
