import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STEP, emptyBackgroundAnswers } from '@hcp/contracts';
import { json } from '../../../test/render.tsx';
import { renderStep } from '../../../test/application.tsx';
import BackgroundPage from './background-page.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../../../test/application.tsx')).authMock);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (user: ReturnType<typeof userEvent.setup>, question: RegExp, value: 'Yes' | 'No') =>
  user.click(within(screen.getByRole('group', { name: question })).getByRole('button', { name: value }));

function open() {
  return renderStep(<BackgroundPage />, '/background-questions', (done) => ({
    'GET HcpBackground/hcpBackgroundAnswers': emptyBackgroundAnswers,
    'POST HcpBackground/hcpBackgroundAnswers': () => {
      done.push(STEP.background);
      return json({ ok: true });
    },
  }));
}

describe('the background questions step', () => {
  it('waits for every shown answer, names a service end before its start at once, and saves the stored form', async () => {
    const calls = open();
    const user = userEvent.setup();
    const next = await screen.findByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();

    await answer(user, /U\.S\. citizen/, 'No');
    await answer(user, /authorized to work/, 'Yes');
    await answer(user, /served in the U\.S\. military/, 'Yes');
    await user.type(screen.getByLabelText(/Service start date/), '2015-06-01');
    await user.type(screen.getByLabelText(/Service end date/), '2014-06-01');
    expect(screen.getByText('The end date cannot be before the start date')).toBeInTheDocument();
    expect(screen.getByLabelText(/Service end date/)).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText(/Service start date/));
    await user.type(screen.getByLabelText(/Service start date/), '2013-06-01');
    expect(screen.queryByText('The end date cannot be before the start date')).toBeNull();

    await answer(user, /California resident/, 'Yes');
    for (const q of [/malpractice/, /investigated, suspended/, /essential tasks/]) await answer(user, q, 'No');
    expect(next).toBeDisabled();
    await answer(user, /bilingual/, 'Yes');
    expect(next).toBeEnabled();

    await user.click(next);
    expect(await screen.findByTestId('location')).toHaveTextContent('/permanent-address');
    expect(calls.find((c) => c.method === 'POST' && c.path === 'HcpBackground/hcpBackgroundAnswers')?.body).toEqual({
      isUsCitizen: false,
      isAuthorizedToWorkInUs: true,
      hasMilitaryService: true,
      militaryStartDate: '2013-06-01',
      militaryEndDate: '2014-06-01',
      isCaliforniaResident: true,
      liabilityAction: false,
      licenseSuspended: false,
      canPerformTravelerTasks: false,
      convicted: null,
      hasHadMisconductActivity: null,
      isBilingual: true,
    });
  });

  it('cannot be completed by a clinician who may not work in the United States', async () => {
    open();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Next' });
    await answer(user, /U\.S\. citizen/, 'No');
    await answer(user, /authorized to work/, 'No');
    for (const q of [
      /served in the U\.S\. military/,
      /California resident/,
      /malpractice/,
      /investigated, suspended/,
      /essential tasks/,
      /convicted/,
      /misconduct/,
      /bilingual/,
    ])
      await answer(user, q, 'No');
    expect(screen.getByRole('link', { name: /^international application/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await answer(user, /authorized to work/, 'Yes');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
