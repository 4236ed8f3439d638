// The login gate follows the session signals (lib/auth/session-signals.ts) and the auth provider's watch: a session
// that ends outside this tab hides the clinician's page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { LoginGate } from './guards.tsx';
import { renderWithProviders, stubApi } from '../test/render.tsx';
import { TOKEN_COOKIE, clearCookie, readCookie, writeCookie } from '../lib/cookies.ts';
import { AuthProvider } from '../lib/auth/auth-provider.tsx';

/** A login token as the browser reads it (the server signs real ones; the page only reads `sub` and `exp`). */
function token(sub: string, expiresInSeconds = 3600) {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ sub, exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.sig`;
}

const EXPIRED = 'Your session has expired, please log in again.';

/** A signed-in page behind the login gate, as every clinician page is. */
function renderSignedInPage() {
  stubApi({
    'HcpApiUser/userInfo': {
      firstName: 'Jordan',
      lastName: 'Avery',
      email: 'jordan@example.com',
      applicationComplete: true,
      eligibleForSubmission: true,
      discipline: null,
    },
  });
  renderWithProviders(
    <AuthProvider>
      <LoginGate title="Dashboard">
        <p>Jordan&apos;s offers</p>
      </LoginGate>
    </AuthProvider>,
  );
}

beforeEach(() => {
  // Browsers without the Cookie Store API (Firefox, Safari): nothing reports a cookie change.
  vi.stubGlobal('cookieStore', undefined);
  writeCookie(TOKEN_COOKIE, token('42'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearCookie(TOKEN_COOKIE);
});

describe('a session that ends outside this tab', () => {
  it('without the Cookie Store API, the 5-second watch notices the cookie is gone and shows the expired-session gate', async () => {
    // Only the watch's interval is faked: the page's own loading runs as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderSignedInPage();
    expect(await screen.findByText("Jordan's offers")).toBeInTheDocument();

    // Another site of the agency logs out: the shared cookie goes, and no event tells this tab.
    clearCookie(TOKEN_COOKIE);
    expect(screen.getByText("Jordan's offers")).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByText("Jordan's offers")).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Login' })).toBeInTheDocument();
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
  });

  it("a logout in another tab ends this tab's session at once, by the tabs' channel", async () => {
    // The watch cannot be what notices: its interval never runs here.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderSignedInPage();
    expect(await screen.findByText("Jordan's offers")).toBeInTheDocument();

    // The other tab clears the shared cookie and tells every tab of the portal.
    clearCookie(TOKEN_COOKIE);
    const otherTab = new BroadcastChannel('hcp-session');
    otherTab.postMessage('changed');
    otherTab.close();

    await waitFor(() => expect(screen.queryByText("Jordan's offers")).toBeNull());
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    expect(readCookie(TOKEN_COOKIE)).toBe('');
  });
});
