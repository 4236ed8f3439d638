import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STEP } from '@hcp/contracts';
import { json, setViewportWidth } from '../../../test/render.tsx';
import { renderStep } from '../../../test/application.tsx';
import TermsPage from './terms-page.tsx';
import SkillsChecklistPage from './skills-checklist-page.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../../../test/application.tsx')).authMock);
beforeEach(() => setViewportWidth(1280));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the application documents step', () => {
  it('agreeing enables Agree and Proceed (and disables Skip For Now), which records the documents and goes on', async () => {
    const calls = renderStep(
      <TermsPage />,
      '/application-documents',
      (done) => ({
        'POST InitialDocuments/saveInitialDocuments': () => {
          done.push(STEP.applicationDocuments);
          return json({ ok: true, applicationComplete: false });
        },
      }),
      [STEP.started],
    );
    const user = userEvent.setup();
    const agree = screen.getByRole('button', { name: 'Agree and Proceed' });
    const skip = screen.getByRole('button', { name: 'Skip For Now' });
    expect(agree).toBeDisabled();
    expect(skip).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    expect(agree).toBeEnabled();
    expect(skip).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.click(agree);
    await screen.findByText('/background-questions');
    expect(calls.some((c) => c.path === 'InitialDocuments/saveInitialDocuments')).toBe(true);
  });
});

describe('the skills checklist step', () => {
  it('starts with every checklist chosen, needs one, and assigns the chosen ones', async () => {
    const calls = renderStep(<SkillsChecklistPage />, '/skills-checklist', () => ({
      'HcpSkills/getHcpHshItems': {
        hshItems: [
          { hshItemId: 3, hshItemLabel: 'ICU Skills' },
          { hshItemId: 4, hshItemLabel: 'ER Skills' },
        ],
      },
      'POST HcpSkills/assignSkillsChecklists': {
        ok: true,
        email: 'dana@example.com',
        vendor: 'Prophecy Health',
        subject: '[HCP] New Assignments',
      },
    }));
    const user = userEvent.setup();
    const take = await screen.findByRole('button', { name: 'Take Selected Checklists' });
    expect(screen.getByRole('checkbox', { name: 'ICU Skills' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'ICU Skills' }));
    await user.click(screen.getByRole('checkbox', { name: 'ER Skills' }));
    expect(take).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'ER Skills' }));
    await user.click(take);
    await screen.findByText('/skills-checklist-summary');
    expect(calls.find((c) => c.path === 'HcpSkills/assignSkillsChecklists')?.body).toEqual({ checklistIds: [4] });
  });

  it('opened again after the checklists were assigned, offers no second assignment and leads to the summary', async () => {
    const calls = renderStep(
      <SkillsChecklistPage />,
      '/skills-checklist',
      () => ({ 'HcpSkills/getHcpHshItems': { hshItems: [{ hshItemId: 3, hshItemLabel: 'ICU Skills' }] } }),
      [STEP.skillsChecklist],
    );
    const user = userEvent.setup();
    expect(
      await screen.findByText(/Your skills checklists are assigned: we sent the link to dana@example\.com/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take Selected Checklists' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('/skills-checklist-summary');
    expect(calls.some((c) => c.path === 'HcpSkills/assignSkillsChecklists')).toBe(false);
  });
});
