import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  backgroundFormSchema,
  emptyBackgroundAnswers,
  employmentFormSchema,
  employmentRecordToForm,
  employmentTypes,
  emrSystems,
  months,
  type EmploymentOptions,
} from '@hcp/contracts';
import { BackgroundQuestionList, backgroundFormMode } from './background-questions.tsx';
import { useZodForm } from '../ui/form.tsx';
import { EmploymentFields, employmentFormMode } from './employment-fields.tsx';

afterEach(cleanup);

const options: EmploymentOptions = {
  employmentTypes,
  professions: [
    {
      professionId: 13,
      name: 'Registered Nurse',
      specialties: [
        { id: 1, name: 'ICU' },
        { id: 2, name: 'ER' },
      ],
    },
    { professionId: 20, name: 'Surgical Technologist', specialties: [] },
  ],
  states: [{ stateId: 5, name: 'California' }],
  electronicMedicalRecordsSystems: emrSystems,
  months,
};

const employmentSchema = employmentFormSchema(options.professions);
function EmploymentHarness({ schema = employmentSchema }: { schema?: typeof employmentSchema }) {
  const form = useZodForm(schema, { defaultValues: employmentRecordToForm(null), mode: employmentFormMode });
  return <EmploymentFields form={form} options={options} />;
}

describe('EmploymentFields', () => {
  it('shows the fields the employment type calls for', async () => {
    const user = userEvent.setup();
    render(<EmploymentHarness />);
    expect(screen.queryByLabelText(/Facility Name/)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/Employment Type/), 'Personal time off');
    expect(screen.queryByLabelText(/Facility Name/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Profession/)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/Employment Type/), 'Non-Medical');
    expect(screen.getByLabelText(/Facility Name/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/City/)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/Employment Type/), 'Travel');
    expect(screen.getByLabelText(/Agency Name/)).toBeInTheDocument();
    expect(screen.getByLabelText(/City/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Electronic Medical Records Systems *' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/Employment Type/), 'Core Staff (Full-Time)');
    expect(screen.queryByLabelText(/Agency Name/)).not.toBeInTheDocument();
  });

  it('asks about specialties and floating only for a profession with specialties, and drops the float answer with them', async () => {
    const user = userEvent.setup();
    render(<EmploymentHarness />);
    await user.selectOptions(screen.getByLabelText(/Employment Type/), 'Travel');
    await user.selectOptions(screen.getByLabelText(/^Profession/), 'Registered Nurse');
    const floats = screen.getByRole('group', { name: 'Did you float to other units?' });
    await user.click(within(floats).getByRole('button', { name: 'Yes' }));
    expect(screen.getByLabelText(/Units floated to/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'ICU' }));
    expect(screen.getByRole('checkbox', { name: 'ICU' })).toBeChecked();

    await user.selectOptions(screen.getByLabelText(/^Profession/), 'Surgical Technologist');
    expect(screen.queryByRole('group', { name: 'Specialties *' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Units floated to/)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/^Profession/), 'Registered Nurse');
    expect(screen.getByRole('checkbox', { name: 'ICU' })).not.toBeChecked();
    expect(
      within(screen.getByRole('group', { name: 'Did you float to other units?' })).getByRole('button', { name: 'Yes' }),
    ).toHaveAttribute('aria-pressed', 'false');
  });

  it('hides and clears the end date while I still work here, and flags an end before the start', async () => {
    const user = userEvent.setup();
    render(<EmploymentHarness />);
    const year = new Date().getFullYear();
    await user.selectOptions(screen.getByLabelText(/Employment Type/), 'Non-Medical');
    await user.selectOptions(screen.getByLabelText(/Start Month/), 'March');
    await user.selectOptions(screen.getByLabelText(/Start Year/), String(year - 1));
    await user.selectOptions(screen.getByLabelText(/End Month/), 'March');
    await user.selectOptions(screen.getByLabelText(/End Year/), String(year - 2));
    expect(screen.getByText('The end date must be after the start date and not in the future')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'I still work here' }));
    expect(screen.queryByLabelText(/End Year/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I still work here' }));
    expect(screen.getByLabelText(/End Year/)).toHaveValue('');
  });

  it('refuses a start in the future with a message on Start Year', async () => {
    const user = userEvent.setup();
    // Today is the 15th of June of this year: July of this year has not begun.
    const year = new Date().getFullYear();
    render(<EmploymentHarness schema={employmentFormSchema(options.professions, new Date(year, 5, 15))} />);
    await user.selectOptions(screen.getByLabelText(/Employment Type/), 'Non-Medical');
    await user.selectOptions(screen.getByLabelText(/Start Year/), String(year));
    await user.selectOptions(screen.getByLabelText(/Start Month/), 'July');
    expect(screen.getByText('The start date cannot be in the future')).toBeInTheDocument();
    expect(screen.getByLabelText(/Start Year/)).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(screen.getByLabelText(/Start Month/), 'June');
    expect(screen.queryByText('The start date cannot be in the future')).toBeNull();
  });

  it('personal time off is not a job: its box reads that the time off goes on, not "I still work here"', async () => {
    const user = userEvent.setup();
    render(<EmploymentHarness />);
    await user.selectOptions(screen.getByLabelText(/Employment Type/), 'Personal time off');
    expect(screen.queryByRole('checkbox', { name: 'I still work here' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'My time off continues' }));
    expect(screen.queryByLabelText(/End Year/)).not.toBeInTheDocument();
  });
});

function BackgroundHarness() {
  const form = useZodForm(backgroundFormSchema, { defaultValues: emptyBackgroundAnswers, mode: backgroundFormMode });
  return <BackgroundQuestionList form={form} portalName="portal" />;
}
const answer = (user: ReturnType<typeof userEvent.setup>, question: RegExp, value: 'Yes' | 'No') =>
  user.click(within(screen.getByRole('group', { name: question })).getByRole('button', { name: value }));

describe('BackgroundQuestionList', () => {
  it('asks the follow-up questions the answers call for and numbers only the questions shown', async () => {
    const user = userEvent.setup();
    render(<BackgroundHarness />);
    expect(screen.queryByRole('group', { name: /authorized to work/ })).not.toBeInTheDocument();
    // Question 2 is hidden: the next one is numbered 2, not 3.
    expect(screen.getByText(/^2\. Have you served in the U\.S\. military\?/)).toBeInTheDocument();

    await answer(user, /U\.S\. citizen/, 'No');
    expect(screen.getByText(/^2\. Are you authorized to work/)).toBeInTheDocument();
    await answer(user, /authorized to work/, 'No');
    expect(screen.getByRole('link', { name: /^international application/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'This portal is for clinicians who can already work in the United States.',
    );

    await answer(user, /served in the U\.S\. military/, 'Yes');
    expect(screen.getByRole('textbox', { name: /Service start date/ })).toBeInTheDocument();

    await answer(user, /California resident/, 'Yes');
    expect(screen.queryByRole('group', { name: /convicted/ })).not.toBeInTheDocument();
    // Question 2 shown, 8 and 9 hidden: ten questions read 1 to 8.
    expect(screen.getByText(/^8\. Are you bilingual\?/)).toBeInTheDocument();
    expect(screen.queryByText(/^(9|10)\. /)).toBeNull();

    await answer(user, /malpractice/, 'Yes');
    expect(screen.getByRole('link', { name: 'Submit Statement' })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('Background question statement: ')),
    );
  });
});
