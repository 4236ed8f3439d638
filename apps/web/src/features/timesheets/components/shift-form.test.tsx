import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PayPeriod, ShiftType } from '@hcp/contracts';
import { ShiftForm, draftFrom } from './shift-form.tsx';

afterEach(cleanup);

const period: PayPeriod = {
  timesheetId: 41,
  startDate: '2026-01-04',
  endDate: '2026-01-10',
  isLocked: false,
  submittedDate: null,
  approvedDate: null,
};
const types: ShiftType[] = [
  { shiftTypeId: 1, name: 'Regular', includeShiftTimes: true, includeLunch: true },
  { shiftTypeId: 2, name: 'Orientation (no times)', includeShiftTimes: false, includeLunch: false },
];
const open = (onSave = vi.fn(), initial = draftFrom(null, 'ICU East')) =>
  render(
    <ShiftForm
      initial={initial}
      period={period}
      types={types}
      saving={false}
      failed={false}
      onSave={onSave}
      onCancel={() => {}}
    />,
  );

describe('ShiftForm', () => {
  it("waits for the shift type's fields and names a day outside the pay period at once", async () => {
    const user = userEvent.setup();
    open();
    const save = screen.getByRole('button', { name: 'Save' });
    const date = screen.getByLabelText(/^Date/);
    expect(date).toHaveFocus();
    expect(save).toBeDisabled();
    await user.type(date, '01/12/2026');
    expect(screen.getByText('The date must be within the pay period.')).toBeInTheDocument();
    expect(date).toHaveAttribute('aria-invalid', 'true');
    // A day that does not exist stays as typed and is named, the same way as every date field.
    await user.clear(date);
    await user.type(date, '02/30/2026');
    expect(screen.getByText('Please enter a real date as MM/DD/YYYY')).toBeInTheDocument();
    expect(date).toHaveValue('02/30/2026');
    await user.clear(date);
    await user.type(date, '01/05/2026');
    expect(screen.queryByText('The date must be within the pay period.')).toBeNull();
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/^Start Time/), '19:00');
    await user.type(screen.getByLabelText(/^End Time/), '07:30');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/^Lunch/), '3x0');
    expect(screen.getByLabelText(/^Lunch/)).toHaveValue('30');
    expect(save).toBeEnabled();
  });

  it('sends a night shift ending the next day, with the unit of the contract', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    open(onSave);
    await user.type(screen.getByLabelText(/^Date/), '01/05/2026');
    await user.type(screen.getByLabelText(/^Start Time/), '19:00');
    await user.type(screen.getByLabelText(/^End Time/), '07:30');
    await user.type(screen.getByLabelText(/^Lunch/), '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      {
        shiftId: 0,
        shiftDate: '2026-01-05T00:00:00',
        shiftTypeId: 1,
        startTime: '2026-01-05T19:00:00',
        endTime: '2026-01-06T07:30:00',
        lunch: 30,
        timesheetId: 41,
        unit: 'ICU East',
      },
      expect.anything(),
    );
  });

  it('a type without times sends the 1900 default and no lunch', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    open(onSave);
    await user.selectOptions(screen.getByRole('combobox', { name: /Shift Type/ }), 'Orientation (no times)');
    expect(screen.queryByLabelText(/^Start Time/)).toBeNull();
    await user.type(screen.getByLabelText(/^Date/), '01/06/2026');
    await user.clear(screen.getByLabelText(/^Unit/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        shiftTypeId: 2,
        startTime: '1900-01-01T00:00:00',
        endTime: '1900-01-01T00:00:00',
        lunch: null,
        unit: null,
      }),
      expect.anything(),
    );
  });
});
