import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderWithProviders, stubApi } from '../test/render.tsx';
import DevOutboxPage from './dev-outbox-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const mail = {
  id: 1,
  to: 'nurse@example.com',
  subject: 'Reset your password',
  text: 'Open http://127.0.0.1/reset-password?rpg=abc',
  kind: 'password-reset',
  createdAt: '2026-01-05T07:00:00.000Z',
};

describe('the dev outbox key form', () => {
  it('waits for a key, then opens the outbox with it', async () => {
    const calls = stubApi({
      'dev/outbox': (call) =>
        call.headers['x-dev-secret'] === 'the-dev-key'
          ? json([mail])
          : json({ status: 404, code: 'not_found', message: 'x' }, 404),
    });
    const user = userEvent.setup();
    renderWithProviders(<DevOutboxPage />);
    const open = screen.getByRole('button', { name: 'Open outbox' });
    expect(open).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Dev key' }), '   ');
    expect(open).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Dev key' }), 'the-dev-key ');
    await user.click(open);
    expect(window.location.hash).toBe('#key=the-dev-key');
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'http://127.0.0.1/reset-password?rpg=abc' })).toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe('dev/outbox');
  });
});
