import { useState } from 'react';
import { DEFAULT_SHIFT_TIME, isDefaultShiftTime, messages, shiftTimestamps, type PayPeriod, type Shift, type ShiftType } from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import styles from '../timesheets.module.css';

export interface ShiftDraft {
  shiftId: number;
  shiftDate: string;
  shiftTypeId: number;
  start: string;
  end: string;
  lunch: string;
  unit: string;
}

export function draftFrom(s: Shift | null, unit: string | null): ShiftDraft {
  if (!s) return { shiftId: 0, shiftDate: '', shiftTypeId: 1, start: '', end: '', lunch: '', unit: unit ?? '' };
  return {
    shiftId: s.shiftId,
    shiftDate: s.shiftDate.slice(0, 10),
    shiftTypeId: s.shiftTypeId,
    start: isDefaultShiftTime(s.startTime) ? '' : s.startTime.slice(11, 16),
    end: isDefaultShiftTime(s.endTime) ? '' : s.endTime.slice(11, 16),
    lunch: s.lunch === null ? '' : String(s.lunch),
    unit: s.unit ?? '',
  };
}

/** The 'New Time Entry' / edit form: Save stays disabled until the shift type's required fields are set. */
export function ShiftForm({
  initial,
  period,
  types,
  saving,
  failed,
  onSave,
  onCancel,
}: {
  initial: ShiftDraft;
  period: PayPeriod;
  types: ShiftType[];
  saving: boolean;
  failed: boolean;
  onSave: (body: { shiftId: number; shiftDate: string; shiftTypeId: number; startTime: string; endTime: string; lunch: number | null; timesheetId: number; unit: string | null }) => void;
  onCancel: () => void;
}) {
  const [d, setD] = useState(initial);
  const type = types.find((t) => t.shiftTypeId === d.shiftTypeId);
  const inPeriod = !!d.shiftDate && d.shiftDate >= period.startDate && d.shiftDate <= period.endDate;
  const ready = inPeriod && !!type && (!type.includeShiftTimes || (!!d.start && !!d.end)) && (!type.includeLunch || d.lunch !== '');
  const set = (patch: Partial<ShiftDraft>) => setD((x) => ({ ...x, ...patch }));
  const submit = () => {
    if (!ready || !type) return;
    const times = type.includeShiftTimes ? shiftTimestamps(d.shiftDate, d.start, d.end) : null;
    onSave({
      shiftId: d.shiftId,
      // Local timestamps without a zone (spec 01 section 7).
      shiftDate: `${d.shiftDate}T00:00:00`,
      shiftTypeId: d.shiftTypeId,
      // Missing times are sent as the 1 Jan 1900 default (spec 01 section 3).
      startTime: times?.startTime ?? DEFAULT_SHIFT_TIME,
      endTime: times?.endTime ?? DEFAULT_SHIFT_TIME,
      lunch: type.includeLunch ? Number(d.lunch) : null,
      timesheetId: period.timesheetId,
      unit: d.unit.trim() || null,
    });
  };
  return (
    <form
      className={styles.form}
      aria-label={d.shiftId ? 'Edit time entry' : 'New time entry'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <TextField
        label="Date"
        type="date"
        required
        autoFocus
        min={period.startDate}
        max={period.endDate}
        value={d.shiftDate}
        onChange={(e) => set({ shiftDate: e.target.value })}
        error={d.shiftDate && !inPeriod ? 'The date must be within the pay period.' : null}
      />
      <SelectField label="Shift Type" required value={String(d.shiftTypeId)} onChange={(e) => set({ shiftTypeId: Number(e.target.value) })}>
        {types.map((t) => (
          <option key={t.shiftTypeId} value={t.shiftTypeId}>
            {t.name}
          </option>
        ))}
      </SelectField>
      {type?.includeShiftTimes && (
        <>
          <TextField label="Start Time" type="time" required step={60} value={d.start} onChange={(e) => set({ start: e.target.value.slice(0, 5) })} />
          <TextField label="End Time" type="time" required step={60} value={d.end} onChange={(e) => set({ end: e.target.value.slice(0, 5) })} />
        </>
      )}
      {type?.includeLunch && (
        <TextField
          label="Lunch (minutes)"
          required
          inputMode="numeric"
          maxLength={3}
          value={d.lunch}
          onChange={(e) => set({ lunch: e.target.value.replace(/\D/g, '') })}
        />
      )}
      <TextField label="Unit" maxLength={100} value={d.unit} onChange={(e) => set({ unit: e.target.value })} />
      {failed && (
        <p role="alert" className={styles.error}>
          {messages.genericOops}
        </p>
      )}
      <div className={styles.formActions}>
        <Button type="submit" disabled={!ready || saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
