import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MultiSelect } from './multi-select.tsx';
import { DatePicker } from './date-picker.tsx';

afterEach(cleanup);

const options = Array.from({ length: 500 }, (_, i) => ({
  value: String(i + 1),
  label: `Option ${i + 1}`,
  disabled: i === 2,
}));

function Harness({ limit }: { limit?: number }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <MultiSelect
      label="Specialty"
      options={options}
      value={value}
      onChange={setValue}
      placeholder="Add more specialties"
      limit={limit}
      itemHeight={50}
    />
  );
}

describe('MultiSelect', () => {
  it('searches labels, shows 3 tokens then + n more, renders only visible rows, is keyboard operable', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Specialty' });
    await user.click(box);
    expect(screen.getAllByRole('option').length).toBeLessThan(30);
    await user.type(box, 'Option 1');
    await user.keyboard('{Enter}');
    await user.clear(box);
    for (const n of ['2', '4', '5']) {
      await user.type(box, `Option ${n}`);
      await user.click(screen.getByRole('option', { name: new RegExp(`^Option ${n}$`) }));
      await user.clear(box);
    }
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(3);
    expect(screen.getByText('+ 1 more')).toBeInTheDocument();
    await user.keyboard('{Backspace}');
    expect(screen.queryByText('+ 1 more')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('disabled options and the limit', async () => {
    const user = userEvent.setup();
    render(<Harness limit={1} />);
    const box = screen.getByRole('combobox', { name: 'Specialty' });
    await user.type(box, 'Option 3');
    const disabled = screen.getByRole('option', { name: /^Option 3$/ });
    expect(disabled).toHaveAttribute('aria-disabled', 'true');
    await user.click(disabled);
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'Option 7');
    await user.click(screen.getByRole('option', { name: /^Option 7$/ }));
    await user.clear(box);
    await user.type(box, 'Option 8');
    expect(screen.getByRole('option', { name: /^Option 8$/ })).toHaveAttribute('aria-disabled', 'true');
  });
});

function DateHarness({ keepOnClear }: { keepOnClear?: boolean }) {
  const [value, setValue] = useState('2030-01-15');
  return (
    <>
      <DatePicker
        label="Start"
        value={value}
        onChange={setValue}
        min="2030-01-10"
        max="2030-03-01"
        keepOnClear={keepOnClear}
        error={null}
      />
      <output>{value || 'empty'}</output>
    </>
  );
}

describe('DatePicker', () => {
  it('types mm/dd/yyyy, says why a date outside min/max is not taken, keeps the date when cleared, calendar by keyboard', async () => {
    const user = userEvent.setup();
    render(<DateHarness keepOnClear />);
    const input = screen.getByRole('textbox', { name: 'Start' });
    expect(input).toHaveValue('01/15/2030');
    expect(input).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    await user.clear(input);
    await user.type(input, '02/03/2030');
    expect(document.querySelector('output')).toHaveTextContent('2030-02-03');
    // A day outside min/max stays as typed and says why; the date kept is the last one taken.
    await user.clear(input);
    await user.type(input, '12/31/2031');
    await user.tab();
    // The typed text stays with the reason; the value is no date, never the previous one in its place.
    expect(document.querySelector('output')).toHaveTextContent('empty');
    expect(input).toHaveValue('12/31/2031');
    expect(screen.getByText('Please choose a date from 01/10/2030 to 03/01/2030')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Please choose a date from 01\/10\/2030 to 03\/01\/2030/);
    await user.clear(input);
    await user.type(input, '02/03/2030');
    expect(screen.queryByText(/Please choose a date/)).toBeNull();
    await user.clear(input);
    await user.tab();
    expect(input).toHaveValue('02/03/2030');
    await user.click(screen.getByRole('button', { name: 'Choose Start' }));
    const grid = screen.getByRole('dialog', { name: 'Start calendar' });
    expect(grid).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(document.querySelector('output')).toHaveTextContent('2030-02-04');
  });

  it('takes a typed day only when it exists, by the same rule as the server, and says so', async () => {
    const user = userEvent.setup();
    render(<DateHarness keepOnClear />);
    const input = screen.getByRole('textbox', { name: 'Start' });
    for (const impossible of ['02/29/2030', '02/30/2030', '2/31/2030', '13/01/2030']) {
      await user.clear(input);
      await user.type(input, impossible);
      await user.tab();
      expect(document.querySelector('output'), impossible).toHaveTextContent('empty');
      expect(input, impossible).toHaveValue(impossible);
      expect(screen.getByRole('alert')).toHaveTextContent('Please enter a real date as MM/DD/YYYY');
    }
    await user.clear(input);
    await user.type(input, '2/28/2030');
    expect(document.querySelector('output')).toHaveTextContent('2030-02-28');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('');
  });

  it('an impossible day (02/30/2000) stays as typed, is named at once, and the form is told the date is missing', async () => {
    function Free() {
      const [value, setValue] = useState('2000-02-01');
      return (
        <>
          <DatePicker label="Date of Birth" value={value} onChange={setValue} />
          <output>{value || 'empty'}</output>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Free />);
    const input = screen.getByRole('textbox', { name: 'Date of Birth' });
    // Emptied, the field holds no date at once, before it is left.
    await user.clear(input);
    expect(document.querySelector('output')).toHaveTextContent('empty');
    await user.type(input, '02/30/2000');
    expect(screen.getByText('Please enter a real date as MM/DD/YYYY')).toBeInTheDocument();
    expect(input).toHaveValue('02/30/2000');
    expect(document.querySelector('output')).toHaveTextContent('empty');
    // A partial date is named once the field is left.
    await user.clear(input);
    await user.type(input, '02/3');
    expect(screen.queryByText('Please enter a real date as MM/DD/YYYY')).toBeNull();
    await user.tab();
    expect(screen.getByText('Please enter a real date as MM/DD/YYYY')).toBeInTheDocument();
    expect(input).toHaveValue('02/3');
  });
});
