// Rendering one step of the employment application: the step frame needs the login (mocked by the test with
// `vi.mock('<...>/lib/auth/auth-provider.tsx', () => authMock)`), the feature flags and the completed steps.
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { emptyUserInfo, shippedFeatureFlags, type UserInfo } from '@hcp/contracts';
import { json, renderWithProviders, stubApi, type Answer, type ApiCall } from './render.tsx';

export const testUser: UserInfo = {
  ...emptyUserInfo,
  firstName: 'Dana',
  lastName: 'Rivera',
  email: 'dana@example.com',
};

/** What useAuth answers in a step test; `user` may be replaced per test. */
export const auth = {
  token: 'test-token',
  isLoggedIn: true,
  user: testUser,
  userLoaded: true,
  refreshUser: vi.fn(async () => {}),
  login: vi.fn(),
  signUp: vi.fn(),
  logout: vi.fn(),
  onLogout: () => () => {},
};
export const authMock = { useAuth: () => auth };

/**
 * Renders an application step at `path` with the shipped flags and `completed` steps, answering the step's own calls
 * from `routes` (given the list of completed steps, which a save handler may extend, as the server does).
 */
export function renderStep(
  page: ReactElement,
  path: string,
  routes: (done: string[]) => Record<string, Answer>,
  completed: string[] = [],
): ApiCall[] {
  const done = [...completed];
  const calls = stubApi({
    FeatureFlags: shippedFeatureFlags,
    'HcpJobApplication/getCompletedHCPApplicationSteps': () => json({ completedSteps: done }),
    'POST HcpWebApplicationStep/updateWebApplicationStep': (call) => {
      done.push((call.body as { StepName: string }).StepName);
      return json({ ok: true });
    },
    ...routes(done),
  });
  renderWithProviders(page, { url: path, path });
  return calls;
}
