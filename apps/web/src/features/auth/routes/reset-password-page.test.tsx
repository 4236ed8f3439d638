import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderWithProviders, stubApi } from '../../../test/render.tsx';
import ResetPasswordPage from './reset-password-page.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', () => ({ useAuth: () => ({ login: vi.fn() }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = () =>
  renderWithProviders(<ResetPasswordPage />, { url: '/reset-password?rpg=0123456789abcdef', path: '/reset-password' });

describe('choosing a new password', () => {
  it('names a confirmation that differs, then sends the new password with the link guid', async () => {
    const calls = stubApi({
      'POST auth/ValidateResetGuid': { guidIsValid: true, webUserName: 'nurse@example.com' },
      'POST auth/UpdateHcpUserPassword': { success: true, message: 'ok' },
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('Choose a new password for nurse@example.com.')).toBeInTheDocument();
    const reset = screen.getByRole('button', { name: 'Reset Password' });
    expect(reset).toBeDisabled();
    await user.type(screen.getByLabelText('New Password'), 'New-Strong-Pass-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'New-Strong-Pass-2');
    expect(screen.queryByText('Passwords must match')).toBeNull();
    await user.tab();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');

    // Enabled while they differ: submitting names the mismatch and sends nothing.
    await user.click(reset);
    expect(calls.filter((c) => c.path === 'auth/UpdateHcpUserPassword')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'New-Strong-Pass-1');
    expect(screen.queryByText('Passwords must match')).toBeNull();
    await user.click(reset);
    expect(await screen.findByText(/Your password has been reset/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'auth/UpdateHcpUserPassword')?.body).toEqual({
      resetGuid: '0123456789abcdef',
      newPassword: 'New-Strong-Pass-1',
    });
  });

  it('shows the server refusal under the new password', async () => {
    stubApi({
      'POST auth/ValidateResetGuid': { guidIsValid: true, webUserName: 'nurse@example.com' },
      'POST auth/UpdateHcpUserPassword': () =>
        json(
          { status: 400, code: 'weak_password', message: 'This password is too common. Please choose another.' },
          400,
        ),
    });
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByLabelText('New Password'), 'password123');
    await user.type(screen.getByLabelText('Confirm Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('This password is too common. Please choose another.')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers a new reset mail and a login for a link that is no longer valid', async () => {
    stubApi({ 'POST auth/ValidateResetGuid': { guidIsValid: false, webUserName: null } });
    open();
    expect(
      await screen.findByText('Password reset link is no longer valid! Reset your password or login below.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Reset password' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Login' })).toBeInTheDocument();
  });
});
