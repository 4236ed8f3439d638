import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackgroundAnswers } from '@hcp/contracts';
import { json, renderWithProviders, setViewportWidth, stubApi } from '../../../test/render.tsx';
import UpdateBackgroundPage from './update-background-page.tsx';

beforeEach(() => setViewportWidth(1280));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stored: BackgroundAnswers = {
  isUsCitizen: true,
  isAuthorizedToWorkInUs: null,
  hasMilitaryService: false,
  militaryStartDate: null,
  militaryEndDate: null,
  isCaliforniaResident: false,
  liabilityAction: false,
  licenseSuspended: false,
  canPerformTravelerTasks: false,
  convicted: false,
  hasHadMisconductActivity: false,
  isBilingual: false,
};
const answer = (user: ReturnType<typeof userEvent.setup>, question: RegExp, value: 'Yes' | 'No') =>
  user.click(within(screen.getByRole('group', { name: question })).getByRole('button', { name: value }));

describe('/update-background-questions', () => {
  it('saves the changed answers, without the ones of hidden questions', async () => {
    const calls = stubApi({
      'GET BackgroundQuestions/getBackgroundAnswers': stored,
      'POST BackgroundQuestions/postBackgroundAnswers': { ok: true },
    });
    const user = userEvent.setup();
    renderWithProviders(<UpdateBackgroundPage />);
    const save = await screen.findByRole('button', { name: 'Save Background Questions' });
    expect(save).toBeEnabled();
    await answer(user, /California resident/, 'Yes');
    await answer(user, /served in the U\.S\. military/, 'Yes');
    expect(save).toBeDisabled(); // the service start date is missing
    await user.type(screen.getByRole('textbox', { name: /Service start date/ }), '01/04/2010');
    await user.click(save);
    expect(await screen.findByText('Background Questions Updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      ...stored,
      hasMilitaryService: true,
      militaryStartDate: '2010-01-04',
      isCaliforniaResident: true,
      convicted: null,
      hasHadMisconductActivity: null,
    });
  });

  it('says so when the answers could not be saved, until an answer changes', async () => {
    stubApi({
      'GET BackgroundQuestions/getBackgroundAnswers': stored,
      'POST BackgroundQuestions/postBackgroundAnswers': () =>
        json({ status: 500, code: 'internal', message: 'x' }, 500),
    });
    const user = userEvent.setup();
    renderWithProviders(<UpdateBackgroundPage />);
    await user.click(await screen.findByRole('button', { name: 'Save Background Questions' }));
    expect(await screen.findByText('Oops... looks like something went wrong. Please try again.')).toBeInTheDocument();
    await answer(user, /bilingual/, 'Yes');
    expect(screen.queryByText('Oops... looks like something went wrong. Please try again.')).toBeNull();
  });
});
