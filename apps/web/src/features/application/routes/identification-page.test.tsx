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
  it('names a short SSN and a birth date from today once the field is left, then sends them', async () => {
    const calls = open({ hasSocialSecurityNumber: false, dateOfBirth: null });
    const user = userEvent.setup();
    const ssn = await screen.findByLabelText(/^Social Security Number/);
    await user.type(ssn, '123-45');
    expect(ssn).toHaveValue('12345');
    expect(screen.queryByText('Please enter a 9 digit social security number')).toBeNull();
    await user.tab();
    expect(screen.getByText('Please enter a 9 digit social security number')).toBeInTheDocument();
    expect(ssn).toHaveAttribute('aria-invalid', 'true');
    await user.type(ssn, '6789');
    expect(screen.queryByText('Please enter a 9 digit social security number')).toBeNull();

    const dob = screen.getByLabelText(/^Date of Birth/);
    await user.type(dob, localIsoDate());
    await user.tab();
    expect(screen.getByText('Please enter a date of birth before today')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.clear(dob);
    await user.type(dob, '1990-02-28');
    expect(screen.queryByText('Please enter a date of birth before today')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('/identification-info'));
    expect(saved(calls)).toEqual({ SocialSecurityNumber: '123456789', DateOfBirth: '1990-02-28' });
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
