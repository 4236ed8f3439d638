import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STEP, localIsoDate } from '@hcp/contracts';
import { json } from '../../../test/render.tsx';
import { renderStep } from '../../../test/application.tsx';
import IdentificationPage from './identification-page.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../../../test/application.tsx')).authMock);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const before = [
  STEP.background,
  STEP.address,
  STEP.license,
  STEP.education,
  STEP.employment,
  STEP.references,
  STEP.certifications,
];
function open(stored: { hasSocialSecurityNumber: boolean; dateOfBirth: string | null }) {
  return renderStep(
    <IdentificationPage />,
    '/identification-info',
    (done) => ({
      'GET HcpIdentification/identification': stored,
      'POST HcpIdentification/saveHcpIdentification': () => {
        done.push(STEP.identification);
        return json({ ok: true });
      },
    }),
    before,
  );
}
const saved = (calls: ReturnType<typeof open>) =>
  calls.find((c) => c.path === 'HcpIdentification/saveHcpIdentification')?.body;

describe('the identification step', () => {
  it('names a short SSN, nine zeros, and a birth date outside the plausible ages, then sends them', async () => {
    const calls = open({ hasSocialSecurityNumber: false, dateOfBirth: null });
    const user = userEvent.setup();
    const ssn = await screen.findByLabelText(/^Social Security Number/);
    await user.type(ssn, '123-45');
    expect(ssn).toHaveValue('12345');
    expect(screen.queryByText('Please enter a 9 digit social security number')).toBeNull();
    await user.tab();
    expect(screen.getByText('Please enter a 9 digit social security number')).toBeInTheDocument();
    expect(ssn).toHaveAttribute('aria-invalid', 'true');
    await user.clear(ssn);
    await user.type(ssn, '000000000');
    expect(await screen.findByText('000-00-0000 is not a valid social security number')).toBeInTheDocument();
    await user.clear(ssn);
    await user.type(ssn, '123456789');
    expect(screen.queryByText('Please enter a 9 digit social security number')).toBeNull();

    const dob = screen.getByRole('textbox', { name: /^Date of Birth/ });
    const ages =
      /^Please enter a date of birth from \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}: you must be 18 to 100 years old to apply$/;
    // Four days old, and the year 1800: both outside the ages, with the same message.
    const [y, m, d] = localIsoDate().split('-');
    for (const typed of [`${m}/${d}/${y}`, '01/01/1800']) {
      await user.clear(dob);
      await user.type(dob, typed);
      await user.tab();
      expect(await screen.findByText(ages), typed).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    }
    // An impossible day stays as typed and says so.
    await user.clear(dob);
    await user.type(dob, '02/30/1990');
    expect(await screen.findByText('Please enter a real date as MM/DD/YYYY')).toBeInTheDocument();
    expect(dob).toHaveValue('02/30/1990');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.clear(dob);
    await user.type(dob, '02/28/1990');
    expect(screen.queryByText(ages)).toBeNull();
    expect(screen.queryByText('Please enter a real date as MM/DD/YYYY')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('/identification-info'));
    expect(saved(calls)).toEqual({ SocialSecurityNumber: '123456789', DateOfBirth: '1990-02-28' });
  });

  it('brings back the date of birth typed before a reload, but never the SSN', async () => {
    open({ hasSocialSecurityNumber: false, dateOfBirth: null });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Social Security Number/), '123456789');
    await user.type(screen.getByRole('textbox', { name: /^Date of Birth/ }), '03/14/1991');
    await user.tab();
    cleanup();
    open({ hasSocialSecurityNumber: false, dateOfBirth: null });
    const dob = await screen.findByRole('textbox', { name: /^Date of Birth/ });
    // The draft is put back once the step has loaded its stored answers.
    await vi.waitFor(() => expect(dob).toHaveValue('03/14/1991'));
    expect(screen.getByLabelText(/^Social Security Number/)).toHaveValue('');
  });

  it('keeps the SSN on file: its placeholder clears for typing, comes back, and is sent empty', async () => {
    const calls = open({ hasSocialSecurityNumber: true, dateOfBirth: '1990-02-28' });
    const user = userEvent.setup();
    const ssn = await screen.findByLabelText(/^Social Security Number/);
    expect(ssn).toHaveValue('000000000');
    expect(screen.getByText('We already have your SSN on file')).toBeInTheDocument();
    await user.click(ssn);
    expect(ssn).toHaveValue('');
    await user.tab();
    expect(ssn).toHaveValue('000000000');
    expect(screen.queryByText('Please enter a 9 digit social security number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('/identification-info'));
    expect(saved(calls)).toEqual({ SocialSecurityNumber: '', DateOfBirth: '1990-02-28' });
  });
});
