import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STEP, degreeFields, degreeTypes } from '@hcp/contracts';
import { json } from '../../../test/render.tsx';
import { renderStep } from '../../../test/application.tsx';
import EducationPage from './education-page.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../../../test/application.tsx')).authMock);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(degrees: unknown[] = []) {
  const calls = renderStep(
    <EducationPage />,
    '/education-info',
    (done) => ({
      'HcpJobApplication/getDegreeTypes': degreeTypes,
      'HcpJobApplication/getDegreeFields': degreeFields,
      'HcpDegree/getHcpDegrees': () => json(degrees),
      'POST HcpDegree/saveHcpDegree': (call) => {
        const d = call.body as Record<string, unknown>;
        degrees.push({
          ...d,
          degreeId: 501,
          verified: false,
          degreeType: 'Bachelor (BA/BS/BSN)',
          degreeField: 'Nursing',
          degreeDate: '05/2019',
        });
        done.push(STEP.education);
        return json({ degreeId: 501 });
      },
    }),
    [STEP.background, STEP.address, STEP.license],
  );
  return calls;
}

describe('the education step', () => {
  it('names a graduation date that is not MM/YYYY once six characters are typed, saves the record and lets Next go on', async () => {
    const calls = open();
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Education 1' });
    const c = within(card);
    const save = c.getByRole('button', { name: 'Save Record' });
    expect(save).toBeDisabled();
    await user.selectOptions(c.getByRole('combobox', { name: /^Degree Type/ }), 'Bachelor (BA/BS/BSN)');
    await user.selectOptions(c.getByRole('combobox', { name: /^Field of Study/ }), 'Nursing');
    await user.type(c.getByLabelText(/^School/), ' UT Austin ');
    await user.type(c.getByLabelText(/^Location/), 'Austin, TX');
    const date = c.getByLabelText(/^Graduation Date/);
    await user.type(date, '13/20');
    expect(c.queryByText(/Enter the month/)).toBeNull();
    await user.type(date, '1');
    expect(c.getByText(/^Enter the month \(1-12\) and a year from 1850 to \d{4}, as MM\/YYYY$/)).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '5/2019');
    expect(c.queryByText(/Enter the month/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(save);

    expect(await c.findByText('05/2019')).toBeInTheDocument();
    expect(c.getByText('Graduated')).toBeInTheDocument();
    expect(calls.find((x) => x.path === 'HcpDegree/saveHcpDegree')?.body).toEqual({
      degreeId: null,
      degreeTypeId: 4,
      degreeFieldId: 1,
      school: 'UT Austin',
      location: 'Austin, TX',
      degreeDate: '5/2019',
      deleted: false,
    });
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'New Record' })).toBeEnabled();
  });

  it('a graduation still to come reads "Expected graduation", not "Graduated"', async () => {
    const year = new Date().getFullYear() + 1;
    open([
      {
        degreeId: 7,
        degreeTypeId: 4,
        degreeFieldId: 1,
        school: 'UT Austin',
        location: 'Austin, TX',
        degreeDate: `05/${year}`,
        deleted: false,
        verified: false,
        degreeType: 'Bachelor (BA/BS/BSN)',
        degreeField: 'Nursing',
      },
    ]);
    const card = within(await screen.findByRole('region', { name: 'Education 1' }));
    expect(card.getByText('Expected graduation')).toBeInTheDocument();
    expect(card.queryByText('Graduated')).toBeNull();
  });

  it('brings back the record being typed after a reload, before it is saved', async () => {
    open();
    const user = userEvent.setup();
    const card = within(await screen.findByRole('region', { name: 'Education 1' }));
    await user.type(card.getByLabelText(/^School/), 'UT Austin');
    cleanup();
    open();
    const again = within(await screen.findByRole('region', { name: 'Education 1' }));
    expect(again.getByLabelText(/^School/)).toHaveValue('UT Austin');
  });
});
