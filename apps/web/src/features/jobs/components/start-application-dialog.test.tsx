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

function open(rto: boolean, extra: Partial<Parameters<typeof StartApplicationDialog>[0]> = {}) {
  stubApi({ FeatureFlags: { ...shippedFeatureFlags, Rto_IsEnabled: rto } });
  const onSubmit = vi.fn();
  renderWithProviders(
    <StartApplicationDialog
      job={job}
      open
      onClose={() => {}}
      onSubmit={onSubmit}
      pending={false}
      error={null}
      {...extra}
    />,
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
    expect(onSubmit).toHaveBeenCalledWith(
      {
        jobId: 4711,
        isInterested: true,
        desiredStartDate: addCalendarDays(localIsoDate(), 14),
        otherRequests: 'Block scheduling',
        bestContactTime: null,
        requestedTimeOff: [
          { fromDate: '2026-04-06', toDate: '2026-04-10' },
          { fromDate: '2026-05-01', toDate: null },
        ],
      },
      expect.objectContaining({ wantsTimeOff: true }),
    );
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
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ desiredStartDate: later, requestedTimeOff: [] }),
      expect.anything(),
    );
  });

  it('without the time-off switch the dates are optional', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = open(false);
    await within(dialog).findByRole('textbox', { name: 'From' });
    await vi.waitFor(() => expect(within(dialog).queryByRole('group', { name: 'Requested Time Off' })).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ requestedTimeOff: [] }), expect.anything());
  });

  it('keeps a typed start date that is not allowed, says why, and does not send the old one', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = open(true);
    const start = within(dialog).getByRole('textbox', { name: 'Your Desired Start Date' });
    const tooSoon = addCalendarDays(localIsoDate(), 2);
    await user.clear(start);
    await user.type(start, us(tooSoon));
    await user.tab();
    expect(start).toHaveValue(us(tooSoon));
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(start).toHaveAccessibleDescription(/Please choose a date from/);
    await user.clear(start);
    await user.type(start, '02/30/2027');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(start).toHaveValue('02/30/2027');
    expect(start).toHaveAccessibleDescription(/Please enter a real date as MM\/DD\/YYYY/);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a time-off row with a date that is not real holds Continue; rows can be removed', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = open(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'From' }), '04/06/2026');
    await user.click(within(dialog).getByRole('button', { name: '+ New Date' }));
    const second = within(dialog).getByRole('group', { name: 'Time off 2' });
    await user.type(within(second).getByRole('textbox', { name: 'From' }), '04/31/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(second).getByRole('textbox', { name: 'From' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Remove time off 2' }));
    expect(within(dialog).queryByRole('group', { name: 'Time off 2' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ requestedTimeOff: [{ fromDate: '2026-04-06', toDate: null }] }),
      expect.anything(),
    );
  });

  it("offers the job's own start date when it is sooner than two weeks out", async () => {
    const user = userEvent.setup();
    const soon = addCalendarDays(localIsoDate(), 5);
    stubApi({ FeatureFlags: { ...shippedFeatureFlags, Rto_IsEnabled: false } });
    const onSubmit = vi.fn();
    renderWithProviders(
      <StartApplicationDialog
        job={{ ...job, startDate: soon }}
        open
        onClose={() => {}}
        onSubmit={onSubmit}
        pending={false}
        error={null}
      />,
    );
    const dialog = screen.getByRole('dialog');
    const start = within(dialog).getByRole('textbox', { name: 'Your Desired Start Date' });
    await user.clear(start);
    await user.type(start, us(soon));
    await user.tab();
    expect(start).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ desiredStartDate: soon }), expect.anything());
  });

  it('puts back what the clinician typed before finishing their application', async () => {
    const user = userEvent.setup();
    const later = addCalendarDays(localIsoDate(), 30);
    const { onSubmit, dialog } = open(true, {
      notice: 'Your TRS application is complete.',
      initial: {
        desiredStartDate: later,
        wantsTimeOff: true,
        timeOff: [
          { fromDate: '2026-07-01', toDate: '2026-07-03', singleDay: false },
          { fromDate: '2026-08-10', toDate: '', singleDay: true },
        ],
        otherRequests: 'Block scheduling',
        bestContactTime: 'Mornings',
      },
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Your TRS application is complete.');
    expect(within(dialog).getByRole('textbox', { name: 'Your Desired Start Date' })).toHaveValue(us(later));
    const second = within(dialog).getByRole('group', { name: 'Time off 2' });
    expect(within(second).getByRole('textbox', { name: 'Day' })).toHaveValue('08/10/2026');
    expect(within(second).getByRole('checkbox', { name: 'Single day' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        desiredStartDate: later,
        otherRequests: 'Block scheduling',
        bestContactTime: 'Mornings',
        requestedTimeOff: [
          { fromDate: '2026-07-01', toDate: '2026-07-03' },
          { fromDate: '2026-08-10', toDate: null },
        ],
      }),
      expect.objectContaining({ otherRequests: 'Block scheduling' }),
    );
  });
});
