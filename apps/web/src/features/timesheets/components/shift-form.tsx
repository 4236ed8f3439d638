import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import {
  isDefaultShiftTime,
  messages,
  shiftFormMessages,
  shiftFormSchema,
  type PayPeriod,
  type Shift,
  type ShiftFormRequest,
  type ShiftFormValues,
  type ShiftType,
} from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Form, boundSelect, fieldError, filtered, useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import styles from '../timesheets.module.css';

export type ShiftDraft = ShiftFormValues;

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
  onSave: (body: ShiftFormRequest) => void;
  onCancel: () => void;
}) {
  const schema = useMemo(() => shiftFormSchema(period, types), [period, types]);
  // The date's message follows every change; Enter on an incomplete entry leaves focus where it is.
  const form = useZodForm(schema, { defaultValues: initial, mode: 'onChange', shouldFocusError: false });
  const ready = useFormValid(form);
  const type = types.find((t) => t.shiftTypeId === form.watch('shiftTypeId'));
  return (
    <Form
      form={form}
      onSubmit={onSave}
      className={styles.form}
      aria-label={initial.shiftId ? 'Edit time entry' : 'New time entry'}
    >
      <Controller
        control={form.control}
        name="shiftDate"
        render={({ field }) => (
          <DatePicker
            label="Date"
            required
            autoFocus
            name={field.name}
            value={field.value}
            min={period.startDate}
            max={period.endDate}
            outOfRangeMessage={shiftFormMessages.outsidePeriod}
            error={fieldError(form, 'shiftDate')}
            onChange={(v) => {
              field.onChange(v);
              field.onBlur();
            }}
          />
        )}
      />
      <SelectField label="Shift Type" required {...boundSelect(form, 'shiftTypeId', { setValueAs: Number })}>
        {types.map((t) => (
          <option key={t.shiftTypeId} value={t.shiftTypeId}>
            {t.name}
          </option>
        ))}
      </SelectField>
      {type?.includeShiftTimes && (
        <>
          <TextField
            label="Start Time"
            type="time"
            required
            step={60}
            {...filtered(form.register('start'), (t) => t.slice(0, 5))}
          />
          <TextField
            label="End Time"
            type="time"
            required
            step={60}
            {...filtered(form.register('end'), (t) => t.slice(0, 5))}
          />
        </>
      )}
      {type?.includeLunch && (
        <TextField
          label="Lunch (minutes)"
          required
          inputMode="numeric"
          maxLength={3}
          {...filtered(form.register('lunch'), (t) => t.replace(/\D/g, ''))}
        />
      )}
      <TextField label="Unit" maxLength={100} {...form.register('unit')} />
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
    </Form>
  );
}
