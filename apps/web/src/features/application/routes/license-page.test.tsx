import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STEP } from '@hcp/contracts';
import { json } from '../../../test/render.tsx';
import { auth, renderStep, testUser } from '../../../test/application.tsx';
import LicensePage from './license-page.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../../../test/application.tsx')).authMock);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  auth.user = testUser;
});

const states = [
  { stateId: 44, name: 'Texas', abbreviation: 'TX', countryName: 'United States', isCompact: true },
  { stateId: 5, name: 'California', abbreviation: 'CA', countryName: 'United States', isCompact: false },
];
const noLicenseYet = {
  hasLicense: null,
  stateId: null,
  nursysLicenseType: null,
  licenseNumber: null,
  nameOnLicense: null,
  isCompact: null,
};

function open() {
  return renderStep(<LicensePage />, '/license-info', (done) => ({
    'HcpPermanentAddress/permanentAddressStates': states,
    'GET HcpLicenseSearchInfo': noLicenseYet,
    'POST HcpLicenseSearchInfo': () => {
      done.push(STEP.license);
      return json({ ok: true });
    },
  }));
}
const saved = (calls: ReturnType<typeof open>) =>
  calls.find((c) => c.method === 'POST' && c.path === 'HcpLicenseSearchInfo')?.body;

describe('the license step', () => {
  it('waits for every license field; a state without multistate licenses answers No for the clinician', async () => {
    const calls = open();
    const user = userEvent.setup();
    const next = await screen.findByRole('button', { name: 'Next' });
    await user.selectOptions(screen.getByRole('combobox', { name: /^License Type/ }), 'Registered Nurse (RN)');
    await user.type(screen.getByLabelText(/^License Number/), 'RN-1234');
    await user.type(screen.getByLabelText(/^Name on License/), 'Dana Rivera');
    await user.selectOptions(
      await screen.findByRole('option', { name: 'California' }).then((o) => o.closest('select')!),
      'California',
    );
    const compact = screen.getByRole('group', { name: 'Is this a multistate (compact) license?' });
    expect(within(compact).getByRole('button', { name: 'No' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(compact).getByRole('button', { name: 'Yes' })).toBeDisabled();
    expect(screen.getByText('California does not issue multistate (compact) licenses.')).toBeInTheDocument();
    expect(next).toBeEnabled();

    await user.selectOptions(screen.getByRole('combobox', { name: /^License State/ }), 'Texas');
    expect(next).toBeDisabled();
    await user.click(within(compact).getByRole('button', { name: 'Yes' }));
    expect(next).toBeEnabled();
    await user.click(next);
    await screen.findByText('/education-info');
    expect(saved(calls)).toEqual({
      hasLicense: true,
      stateId: 44,
      nursysLicenseType: 'RN',
      licenseNumber: 'RN-1234',
      nameOnLicense: 'Dana Rivera',
      isCompact: true,
    });
  });

  it('no license sends an empty license; allied clinicians cannot untick it', async () => {
    auth.user = { ...testUser, discipline: { id: 20, name: 'Surgical Technologist', isAllied: true, webOrder: null } };
    const calls = open();
    const user = userEvent.setup();
    const box = await screen.findByRole('checkbox', { name: /I do not have a nursing license/ });
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    expect(screen.queryByLabelText(/^License Number/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('/education-info');
    expect(saved(calls)).toEqual({
      hasLicense: false,
      stateId: null,
      nursysLicenseType: null,
      licenseNumber: null,
      nameOnLicense: null,
      isCompact: null,
    });
  });

  it('brings back what was typed after a reload, before it is saved', async () => {
    open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^License Number/), 'RN-1234');
    cleanup();
    open();
    expect(await screen.findByLabelText(/^License Number/)).toHaveValue('RN-1234');
  });
});
