import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addCalendarDays, localIsoDate, shippedFeatureFlags, type JobDetails } from '@hcp/contracts';
import { polyfillDialog, renderWithProviders, stubApi } from '../../../test/render.tsx';
import { StartApplicationDialog } from './start-application-dialog.tsx';

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const job = {
  jobId: 4711,
  profession: 'Registered Nurse',
  specialty: 'ICU',
  shift: '3x12 Nights',
  shiftCategory: 2,
  availablePositions: 2,
  duration: 13,
  startDate: '2026-03-02',
  grossWeeklyPay: 2450,
  facility: { facilityName: "St. David's Medical Center", city: 'Austin', state: 'TX', imageUrl: null },
} as unknown as JobDetails;

const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

function open(rto: boolean) {
  stubApi({ FeatureFlags: { ...shippedFeatureFlags, Rto_IsEnabled: rto } });
  const onSubmit = vi.fn();
  renderWithProviders(
    <StartApplicationDialog job={job} open onClose={() => {}} onSubmit={onSubmit} pending={false} error={null} />,
  );
  return { onSubmit, dialog: screen.getByRole('dialog') };
}

describe('StartApplicationDialog', () => {
  it('asks for a first time-off date on Continue, on both date fields, until a date changes', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = open(true);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const from = within(dialog).getByRole('textbox', { name: 'From' });
    const to = within(dialog).getByRole('textbox', { name: 'To' });
    const message = document.getElementById('time-off-error');
    expect(message).toHaveAttribute('role', 'alert');
    expect(message).toHaveTextContent('Please provide Requested Time Off to continue');
    for (const field of [from, to]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field.getAttribute('aria-describedby')).toContain('time-off-error');
    }
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(from, '04/06/2026');
    expect(message).toHaveTextContent('');
    expect(from).not.toHaveAttribute('aria-invalid');
  });

  it('sends the start date, the time off (single days without a To) and the notes', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = open(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'From' }), '04/06/2026');
    await user.type(within(dialog).getByRole('textbox', { name: 'To' }), '04/10/2026');
    await user.click(within(dialog).getByRole('button', { name: '+ New Date' }));
    const second = within(dialog).getByRole('group', { name: 'Time off 2' });
    await user.click(within(second).getByRole('checkbox', { name: 'Single day' }));
    expect(within(second).queryByRole('textbox', { name: 'To' })).toBeNull();
    await user.type(within(second).getByRole('textbox', { name: 'Day' }), '05/01/2026');
    await user.type(within(dialog).getByRole('textbox', { name: 'Any Other Requests' }), '  Block scheduling ');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith({
      jobId: 4711,
      isInterested: true,
      desiredStartDate: addCalendarDays(localIsoDate(), 14),
      otherRequests: 'Block scheduling',
      bestContactTime: null,
      requestedTimeOff: [
        { fromDate: '2026-04-06', toDate: '2026-04-10' },
        { fromDate: '2026-05-01', toDate: null },
      ],
    });
  });

  it('a No to time off sends none, and the start date stays within its window', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = open(true);
    const start = within(dialog).getByRole('textbox', { name: 'Your Desired Start Date' });
    const later = addCalendarDays(localIsoDate(), 30);
    await user.clear(start);
    await user.type(start, us(later));
    await user.click(
      within(within(dialog).getByRole('group', { name: 'Requested Time Off' })).getByRole('button', { name: 'No' }),
    );
    expect(within(dialog).queryByRole('textbox', { name: 'From' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ desiredStartDate: later, requestedTimeOff: [] }));
  });

  it('without the time-off switch the dates are optional', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = open(false);
    await within(dialog).findByRole('textbox', { name: 'From' });
    await vi.waitFor(() => expect(within(dialog).queryByRole('group', { name: 'Requested Time Off' })).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ requestedTimeOff: [] }));
  });
});
