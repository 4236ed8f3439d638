import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STEP, emrSystems, employmentTypes, emptyAddress, months } from '@hcp/contracts';
import { json, polyfillDialog } from '../../../test/render.tsx';
import { renderStep } from '../../../test/application.tsx';
import { clearStepDrafts } from '../../../lib/step-drafts.ts';
import AddressPage from './address-page.tsx';
import EmploymentPage from './employment-page.tsx';
import IdentificationPage from './identification-page.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../../../test/application.tsx')).authMock);
beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const drafts = () => Object.keys(window.localStorage).filter((k) => k.startsWith('hcp-draft:'));

function openAddress() {
  return renderStep(<AddressPage />, '/permanent-address', (done) => ({
    'HcpPermanentAddress/permanentAddressStates': [
      { stateId: 44, name: 'Texas', abbreviation: 'TX', countryName: 'United States', isCompact: true },
    ],
    'GET HcpPermanentAddress/permanentAddress': emptyAddress,
    'POST HcpPermanentAddress/permanentAddress': () => {
      done.push(STEP.address);
      return json({ ok: true });
    },
  }));
}

describe('drafts of the application steps', () => {
  it('brings back what was typed after a reload, and forgets it once the step is saved', async () => {
    openAddress();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Street Address/), '1 Main St');
    await user.type(screen.getByLabelText(/^City/), 'Austin');
    // The page is left without saving (a reload): shown again, it has what was typed.
    cleanup();
    openAddress();
    expect(await screen.findByLabelText(/^Street Address/)).toHaveValue('1 Main St');
    expect(screen.getByLabelText(/^City/)).toHaveValue('Austin');
    await user.selectOptions(await screen.findByRole('combobox', { name: /^State/ }), 'Texas');
    await user.type(screen.getByLabelText(/^Zip Code/), '78701');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/license-info');
    expect(drafts()).toEqual([]);
  });

  it('never keeps the SSN, and signing out removes every draft', async () => {
    renderStep(<IdentificationPage />, '/identification-info', () => ({
      'GET HcpIdentification/identification': { hasSocialSecurityNumber: false, dateOfBirth: null },
    }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Social Security Number/), '123456789');
    await user.type(screen.getByRole('textbox', { name: /^Date of Birth/ }), '03/14/1991');
    expect(drafts()).toEqual(['hcp-draft:/identification-info']);
    const stored = window.localStorage.getItem('hcp-draft:/identification-info')!;
    expect(stored).toContain('1991-03-14');
    expect(stored).not.toContain('123456789');
    // What signing out runs (the auth provider's clearLogin).
    clearStepDrafts();
    expect(drafts()).toEqual([]);
  });

  it("ignores another clinician's draft left in the browser", async () => {
    window.localStorage.setItem(
      'hcp-draft:/permanent-address',
      JSON.stringify({ owner: 'someone.else@example.com', values: { streetAddress: '9 Elm St' } }),
    );
    openAddress();
    expect(await screen.findByLabelText(/^Street Address/)).toHaveValue('');
    expect(drafts()).toEqual([]);
  });

  it('reopens the employment record that was being typed', async () => {
    const openEmployment = () =>
      renderStep(<EmploymentPage />, '/employment-history', () => ({
        'HcpEmploymentHistory/optionsv2': {
          employmentTypes,
          professions: [{ professionId: 13, name: 'Registered Nurse', specialties: [{ id: 1, name: 'ICU' }] }],
          states: [{ stateId: 44, name: 'Texas' }],
          electronicMedicalRecordsSystems: emrSystems,
          months,
        },
        'HcpEmploymentHistory/getEmploymentHistoryRecords': [],
        'HcpJobApplication/getHcpReferences': { ok: true, references: [] },
      }));
    openEmployment();
    const user = userEvent.setup();
    const card = within(await screen.findByRole('region', { name: 'Employment History 1' }));
    await user.selectOptions(card.getByRole('combobox', { name: /^Employment Type/ }), 'Travel');
    await user.type(card.getByLabelText(/^Facility Name/), "St. David's");
    cleanup();
    openEmployment();
    const again = within(await screen.findByRole('region', { name: 'Employment History 1' }));
    expect(again.getByLabelText(/^Facility Name/)).toHaveValue("St. David's");
    expect(again.getByRole('combobox', { name: /^Employment Type/ })).toHaveValue('2');
  });
});
