import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders, stubApi } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { rememberCampaign } from '../../../lib/campaign.ts';

const auth = vi.hoisted(() => ({ login: vi.fn(), signUp: vi.fn() }));
vi.mock('../../../lib/auth/auth-provider.tsx', () => ({ useAuth: () => auth }));

const professions = [
  { id: 13, name: 'Registered Nurse', webOrder: 1, isAllied: false, specialtyIds: [1] },
  { id: 20, name: 'Surgical Technologist', webOrder: 2, isAllied: true, specialtyIds: [] },
  { id: 30, name: 'Respiratory Therapist', webOrder: null, isAllied: true, specialtyIds: [] },
];
const leadSources = [
  { id: 121, webFriendlyName: 'Google', webGroup: 'Search', webOrder: 1 },
  { id: 28, webFriendlyName: 'A friend', webGroup: 'People', webOrder: 2 },
  { id: 17, webFriendlyName: 'Indeed', webGroup: 'Search', webOrder: 2 },
];

beforeEach(() => {
  auth.login.mockReset();
  auth.signUp.mockReset();
  stubApi({ Disciplines: professions, leadSources, 'POST auth/ResetPasswordRequest': { message: 'ok' } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('LoginForm', () => {
  it('names both fields in one message when either is empty, and clears it when a field is focused', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    const message = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(message).toHaveTextContent('Invalid login credentials');
    expect(message).toHaveAttribute('role', 'alert');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveFocus();
    expect(auth.login).not.toHaveBeenCalled();

    await user.click(email);
    expect(message).toHaveTextContent('');
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('logs in with the trimmed email and reports success', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    auth.login.mockResolvedValue(undefined);
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), '  nurse@example.com ');
    await user.type(screen.getByLabelText('Password'), 'Demo-Travel-2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(auth.login).toHaveBeenCalledWith('nurse@example.com', 'Demo-Travel-2026');
    expect(onSuccess).toHaveBeenCalled();
  });

  it('answers a refused login with the same message', async () => {
    const user = userEvent.setup();
    auth.login.mockRejectedValue(new ApiError(401, null));
    renderWithProviders(<LoginForm />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nurse@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid login credentials')).toBeInTheDocument();
  });
});

async function fillSignUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), ' new.nurse@example.com');
  await user.type(screen.getByRole('textbox', { name: /^Phone/ }), '(512) 555-0100');
  await user.type(screen.getByRole('textbox', { name: /^First Name/ }), 'Dana');
  await user.type(screen.getByRole('textbox', { name: /^Last Name/ }), 'Rivera');
  await user.type(screen.getByLabelText(/^Password/), 'Some-Strong-Pass-1');
  await user.type(screen.getByLabelText(/^Confirm Password/), 'Some-Strong-Pass-1');
}

describe('SignUpForm', () => {
  it('names a wrong email, phone or confirmation once the field is left, and waits for a complete form', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignUpForm />);
    expect(await screen.findAllByRole('option', { name: 'Registered Nurse' })).not.toHaveLength(0);
    const create = screen.getByRole('button', { name: 'Create Account' });
    expect(create).toBeDisabled();

    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.type(email, 'nurse@example');
    expect(screen.queryByText('Please enter a valid email')).toBeNull();
    await user.tab();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, '.com');
    expect(screen.queryByText('Please enter a valid email')).toBeNull();

    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    await user.type(phone, '512-55');
    expect(phone).toHaveValue('51255');
    await user.tab();
    expect(screen.getByText('Please enter a 10 digit number')).toBeInTheDocument();
    await user.type(phone, '50100');
    expect(screen.queryByText('Please enter a 10 digit number')).toBeNull();

    await user.type(screen.getByLabelText(/^Password/), 'Some-Strong-Pass-1');
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Other-Strong-Pass-1');
    await user.tab();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Confirm Password/));
    await user.type(screen.getByLabelText(/^Confirm Password/), 'Some-Strong-Pass-1');
    expect(screen.queryByText('Passwords must match')).toBeNull();

    await user.type(screen.getByRole('textbox', { name: /^First Name/ }), 'Dana');
    await user.type(screen.getByRole('textbox', { name: /^Last Name/ }), 'Rivera');
    expect(create).toBeDisabled(); // the agreement is still unticked
    await user.click(screen.getByRole('checkbox'));
    expect(create).toBeEnabled();
  });

  it('sends the request with the default profession and lead source', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    auth.signUp.mockResolvedValue(undefined);
    renderWithProviders(<SignUpForm onSuccess={onSuccess} />);
    await screen.findAllByRole('option', { name: 'Registered Nurse' });
    expect(screen.getByRole('combobox', { name: /^Profession/ })).toHaveValue('13');
    await fillSignUp(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(auth.signUp).toHaveBeenCalledWith(
      {
        EmailAddress: 'new.nurse@example.com',
        PhoneNumber: '5125550100',
        FirstName: 'Dana',
        LastName: 'Rivera',
        ProfessionId: 13,
        ReferralId: 121,
        WebPassword: 'Some-Strong-Pass-1',
      },
      // No campaign brought this visitor.
      {},
    );
    expect(onSuccess).toHaveBeenCalled();
  });

  it('shows and sends the lead source the campaign of an earlier landing names, and sends the whole campaign', async () => {
    // The visitor landed on an ad's link, then browsed: the sign-up form is on another address by now.
    rememberCampaign('?utm_source=INDEED&utm_medium=cpc&utm_campaign=icu-winter&utm_id=42');
    const user = userEvent.setup();
    auth.signUp.mockResolvedValue(undefined);
    renderWithProviders(<SignUpForm />);
    await screen.findAllByRole('option', { name: 'Registered Nurse' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /hear about us/ })).toHaveValue('17'));
    await fillSignUp(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    // The body stays the specification's; the campaign goes beside it, for the account to keep.
    expect(auth.signUp).toHaveBeenCalledWith(expect.objectContaining({ ReferralId: 17 }), {
      utm_source: 'INDEED',
      utm_medium: 'cpc',
      utm_campaign: 'icu-winter',
    });
  });

  it('says when the email already has an account', async () => {
    const user = userEvent.setup();
    auth.signUp.mockRejectedValue(new ApiError(409, { status: 409, code: 'email_exists', message: 'exists' }));
    renderWithProviders(<SignUpForm />);
    await screen.findAllByRole('option', { name: 'Registered Nurse' });
    await user.selectOptions(screen.getByRole('combobox', { name: /hear about us/ }), 'A friend');
    await fillSignUp(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Email already exists. Please login.')).toBeInTheDocument();
    expect(auth.signUp).toHaveBeenCalledWith(expect.objectContaining({ ReferralId: 28 }), {});
  });
});

describe('ForgotPasswordForm', () => {
  it('names a wrong address, then sends the request and always confirms', async () => {
    const user = userEvent.setup();
    const calls = stubApi({ 'POST auth/ResetPasswordRequest': { message: 'ok' } });
    renderWithProviders(<ForgotPasswordForm />);
    const button = screen.getByRole('button', { name: 'Reset Password' });
    expect(button).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nurse@example');
    await user.click(button);
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(calls).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Email' }), '.com ');
    expect(screen.queryByText('Please enter a valid email')).toBeNull();
    await user.click(button);
    expect(screen.getByRole('status')).toHaveTextContent('If we have an account matching your email address');
    expect(calls[0]).toMatchObject({ path: 'auth/ResetPasswordRequest', body: { webUserName: 'nurse@example.com' } });
  });
});
