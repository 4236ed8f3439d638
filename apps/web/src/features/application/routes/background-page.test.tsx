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
  it('names the step in the document title while its saved answers load, not only once they are shown', async () => {
    let answer!: () => void;
    renderStep(<BackgroundPage />, '/background-questions', () => ({
      'GET HcpBackground/hcpBackgroundAnswers': () =>
        new Promise<Response>((resolve) => (answer = () => resolve(json(emptyBackgroundAnswers)))),
    }));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    expect(document.title).toBe('Background Questions | TRS Healthcare');
    answer();
    await screen.findByRole('button', { name: 'Next' });
    expect(document.title).toBe('Background Questions | TRS Healthcare');
  });

  it('waits for every shown answer, names wrong service dates at once, and saves the stored form', async () => {
    const calls = open();
    const user = userEvent.setup();
    const next = await screen.findByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();

    await answer(user, /U\.S\. citizen/, 'No');
    await answer(user, /authorized to work/, 'Yes');
    await answer(user, /served in the U\.S\. military/, 'Yes');
    const start = screen.getByRole('textbox', { name: /Service start date/ });
    const end = screen.getByRole('textbox', { name: /Service end date/ });
    // A start in the future is refused with a message, as is a day that does not exist.
    await user.type(start, `01/01/${new Date().getFullYear() + 1}`);
    expect(await screen.findByText('The service start date cannot be in the future')).toBeInTheDocument();
    await user.clear(start);
    await user.type(start, '13/01/2015');
    expect(await screen.findByText('Please enter a real date as MM/DD/YYYY')).toBeInTheDocument();
    expect(start).toHaveValue('13/01/2015');
    await user.clear(start);
    await user.type(start, '06/01/2015');
    await vi.waitFor(() => expect(screen.queryByText('The service start date cannot be in the future')).toBeNull());
    expect(screen.queryByText('Please enter a real date as MM/DD/YYYY')).toBeNull();
    await user.type(end, '06/01/2014');
    expect(await screen.findByText('The end date cannot be before the start date')).toBeInTheDocument();
    expect(end).toHaveAttribute('aria-invalid', 'true');
    await user.clear(start);
    await user.type(start, '06/01/2013');
    await vi.waitFor(() => expect(screen.queryByText('The end date cannot be before the start date')).toBeNull());

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
