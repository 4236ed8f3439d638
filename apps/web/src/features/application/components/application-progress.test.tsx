import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STEP, shippedFeatureFlags } from '@hcp/contracts';
import { setViewportWidth } from '../../../test/render.tsx';
import { renderStep } from '../../../test/application.tsx';
import TermsPage from '../routes/terms-page.tsx';
import SkillsChecklistPage from '../routes/skills-checklist-page.tsx';
import SkillsSummaryPage from '../routes/skills-summary-page.tsx';
import LicensePage from '../routes/license-page.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../../../test/application.tsx')).authMock);
beforeEach(() => setViewportWidth(1280));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const flags = (skillsChecklist: boolean, termsFirst: boolean) => ({
  FeatureFlags: {
    ...shippedFeatureFlags,
    HcpApplication_SkillsChecklist_IsEnabled: skillsChecklist,
    Terms_First: termsFirst,
  },
});
const core = [
  STEP.background,
  STEP.address,
  STEP.license,
  STEP.education,
  STEP.employment,
  STEP.references,
  STEP.certifications,
];
const hshItems = { 'HcpSkills/getHcpHshItems': { hshItems: [{ hshItemId: 3, hshItemLabel: 'ICU Skills' }] } };

describe('"Section N of M" on the pages without the step bar', () => {
  const pages = {
    '/application-documents': <TermsPage />,
    '/terms-and-conditions': <TermsPage />,
    '/skills-checklist': <SkillsChecklistPage />,
    '/skills-checklist-summary': <SkillsSummaryPage />,
  };
  // [skills checklist, terms first, path, expected]
  const cases = [
    [false, true, '/application-documents', 'Section 1 of 9'],
    [true, true, '/application-documents', 'Section 1 of 10'],
    [false, false, '/terms-and-conditions', 'Section 9 of 9'],
    [true, false, '/terms-and-conditions', 'Section 10 of 10'],
    [true, false, '/skills-checklist', 'Section 8 of 10'],
    [true, true, '/skills-checklist', 'Section 9 of 10'],
    [true, false, '/skills-checklist-summary', 'Section 8 of 10'],
    [true, true, '/skills-checklist-summary', 'Section 9 of 10'],
  ] as const;
  it.each(cases)('skills %s, terms first %s: %s reads %s', async (skills, termsFirst, path, text) => {
    renderStep(pages[path], path, () => ({ ...flags(skills, termsFirst), ...hshItems }), [STEP.started, ...core]);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

describe('the overview of the sections', () => {
  it('lists every section with its state, opens a completed one, and leads back to where the clinician left off', async () => {
    const done = [STEP.started, STEP.applicationDocuments, STEP.background, STEP.address, STEP.license];
    renderStep(
      <LicensePage />,
      '/license-info',
      () => ({
        ...flags(false, true),
        HcpLicenseSearchInfo: {
          hasLicense: true,
          stateId: 44,
          nursysLicenseType: 'RN',
          licenseNumber: 'RN1',
          nameOnLicense: 'Dana Rivera',
          isCompact: false,
        },
        'HcpPermanentAddress/permanentAddressStates': [],
      }),
      done,
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Section 4 of 9')).toBeInTheDocument();
    // A completed section visited again: the way back to the first incomplete one.
    expect(await screen.findByRole('link', { name: 'Continue where you left off: Education' })).toHaveAttribute(
      'href',
      '/education-info',
    );
    await user.click(screen.getByText('All sections (4 of 9 completed)'));
    const nav = within(screen.getByRole('navigation', { name: 'Application sections' }));
    const items = nav.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      '1. Application DocumentsCompleted',
      '2. Background QuestionsCompleted',
      '3. Permanent AddressCompleted',
      '4. Primary License InfoYou are here',
      '5. EducationNot completed',
      '6. Employment HistoryNot started',
      '7. ReferencesNot started',
      '8. CertificationsNot started',
      '9. IdentificationNot started',
    ]);
    expect(nav.getByText('4. Primary License Info')).toHaveAttribute('aria-current', 'step');
    expect(nav.queryByRole('link', { name: '6. Employment History' })).toBeNull();
    await user.click(nav.getByRole('link', { name: '2. Background Questions' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/background-questions');
  });
});
