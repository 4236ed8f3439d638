import { useMemo, useRef, useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import {
  emptyTimeOffRow,
  formatDate,
  formatMoney,
  jobTitle,
  localIsoDate,
  startApplicationFormSchema,
  startApplicationMessages,
  startDateWindow,
  type JobDetails,
  type StartApplicationDraft,
  type StartApplicationRequest,
} from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { Form, fieldError, useZodForm } from '../../../components/ui/form.tsx';
import { Toggle, yesNo } from '../../../components/ui/toggle.tsx';
import { useFeatureFlags } from '../../../lib/feature-flags.ts';
import { ShiftIcon } from './shift-icon.tsx';
import { openingsLabel, shiftCategoryText } from '../lib/labels.ts';
import styles from './start-application-dialog.module.css';

const TIME_OFF_ERROR = startApplicationMessages.timeOffRequired;

export interface StartApplicationDialogProps {
  job: JobDetails;
  open: boolean;
  onClose: () => void;
  /** The request, and the form as typed (kept when the clinician must finish their application first). */
  onSubmit: (body: StartApplicationRequest, draft: StartApplicationDraft) => void;
  pending: boolean;
  error: string | null;
  /** What the clinician typed before finishing their application, put back as it was. */
  initial?: StartApplicationDraft;
  /** A line above the form (why the dialog opened by itself). */
  notice?: string;
}

export function StartApplicationDialog({
  job,
  open,
  onClose,
  onSubmit,
  pending,
  error,
  initial,
  notice,
}: StartApplicationDialogProps) {
  const flags = useFeatureFlags();
  const rto = flags.Rto_IsEnabled;
  const today = localIsoDate();
  // The job's own start date is always one the clinician can ask for.
  const win = useMemo(() => startDateWindow(today, job.startDate), [today, job.startDate]);
  const schema = useMemo(() => startApplicationFormSchema({ timeOffSwitch: rto, window: win }), [rto, win]);
  // Checked on Continue only; the time-off message goes away as soon as the dates or the switch change.
  const form = useZodForm(schema, {
    defaultValues: initial ?? {
      desiredStartDate: win.defaultDate,
      wantsTimeOff: true,
      timeOff: [emptyTimeOffRow],
      otherRequests: '',
      bestContactTime: '',
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const rows = useFieldArray({ control: form.control, name: 'timeOff' });
  const values = form.watch('timeOff');
  const wantsTimeOff = form.watch('wantsTimeOff');
  const timeOffError = !!form.formState.errors.timeOff?.[0]?.fromDate;
  const clearTimeOffError = () => form.clearErrors('timeOff');
  // Date fields whose typed text is not a date they take (each says why): Continue waits until they are fixed, so a
  // date the clinician typed is never replaced or dropped without a word.
  const [badDates, setBadDates] = useState<ReadonlySet<string>>(new Set());
  const markDate = (key: string) => (message: string | null) =>
    setBadDates((prev) => {
      if (prev.has(key) === !!message) return prev;
      const next = new Set(prev);
      if (message) next.add(key);
      else next.delete(key);
      return next;
    });
  const forgetDates = (prefix: string) =>
    setBadDates((prev) => new Set([...prev].filter((k) => !k.startsWith(prefix))));
  const body = useRef<HTMLDivElement>(null);
  const send = (values: Omit<StartApplicationRequest, 'jobId' | 'isInterested'>) => {
    if (badDates.size > 0) {
      body.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
      return;
    }
    onSubmit({ jobId: job.jobId, isInterested: true, ...values }, form.getValues());
  };
  const submit = () => void form.handleSubmit(send)();

  const showRows = !rto || wantsTimeOff;
  const invalidProps = { invalid: timeOffError, describedBy: timeOffError ? 'time-off-error' : undefined };
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Specify your desired start date and requested time off"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={pending}>
            Continue
          </Button>
        </>
      }
    >
      {notice && <Alert tone="info">{notice}</Alert>}
      <div className={styles.summary}>
        <img
          className={styles.image}
          src={job.facility.imageUrl || '/avatar-facility.svg'}
          alt=""
          onError={(e) => {
            if (!e.currentTarget.src.endsWith('/avatar-facility.svg')) e.currentTarget.src = '/avatar-facility.svg';
          }}
        />
        <div>
          <div className={styles.title}>{jobTitle(job.profession, job.specialty)}</div>
          <div>
            {job.facility.city}, {job.facility.state}
          </div>
          <div>Job #{job.jobId}</div>
          <div>{job.facility.facilityName}</div>
          <div className={styles.pay}>{formatMoney(job.grossWeeklyPay, true)}/week</div>
          <div className={styles.shift}>
            <ShiftIcon category={job.shiftCategory} /> {shiftCategoryText(job.shiftCategory)} · {job.shift}
          </div>
          <div>{openingsLabel(job.availablePositions)}</div>
          <div>
            {job.duration} Weeks. Starts {formatDate(job.startDate)}*
          </div>
          <div className={styles.note}>* In some cases, start dates can be flexible</div>
        </div>
      </div>
      <div ref={body}>
        <Form form={form} onSubmit={send} className={styles.form}>
          <Controller
            control={form.control}
            name="desiredStartDate"
            render={({ field }) => (
              <DatePicker
                label="Your Desired Start Date"
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  form.clearErrors('desiredStartDate');
                }}
                min={win.min}
                max={win.max}
                keepOnClear
                error={fieldError(form, 'desiredStartDate')}
                onTextError={markDate('start')}
              />
            )}
          />
          <fieldset className={styles.timeOff}>
            <legend>Requested Time Off*</legend>
            {rto && (
              <Controller
                control={form.control}
                name="wantsTimeOff"
                render={({ field }) => (
                  <Toggle
                    label="Requested Time Off"
                    options={yesNo}
                    value={field.value}
                    onChange={(v) => {
                      field.onChange(v);
                      if (!v) {
                        rows.replace([emptyTimeOffRow]);
                        forgetDates('row:');
                      }
                      clearTimeOffError();
                    }}
                  />
                )}
              />
            )}
            {showRows &&
              rows.fields.map((row, i) => {
                const r = values[i] ?? emptyTimeOffRow;
                const setRow = (change: Partial<typeof r>) => {
                  for (const [k, v] of Object.entries(change)) form.setValue(`timeOff.${i}.${k as keyof typeof r}`, v);
                  clearTimeOffError();
                };
                const key = `row:${row.id}:`;
                return (
                  <div key={row.id} className={styles.row} role="group" aria-label={`Time off ${i + 1}`}>
                    <DatePicker
                      label={r.singleDay ? 'Day' : 'From'}
                      value={r.fromDate}
                      onChange={(v) => setRow({ fromDate: v })}
                      onTextError={markDate(`${key}from`)}
                      {...invalidProps}
                    />
                    {r.singleDay ? (
                      <span />
                    ) : (
                      <DatePicker
                        label="To"
                        value={r.toDate}
                        min={r.fromDate || undefined}
                        onChange={(v) => setRow({ toDate: v })}
                        onTextError={markDate(`${key}to`)}
                        {...invalidProps}
                      />
                    )}
                    <Checkbox
                      label="Single day"
                      checked={r.singleDay}
                      onChange={(e) => {
                        setRow({ singleDay: e.target.checked, toDate: '' });
                        forgetDates(`${key}to`);
                      }}
                    />
                    <Button
                      variant="link"
                      aria-label={`Remove time off ${i + 1}`}
                      onClick={() => {
                        // The last row is emptied rather than removed: the list always has a row to type in.
                        if (rows.fields.length > 1) rows.remove(i);
                        else rows.replace([emptyTimeOffRow]);
                        forgetDates(key);
                        clearTimeOffError();
                      }}
                    >
                      Remove
                    </Button>
                  </div>
                );
              })}
            {showRows && (
              <Button
                variant="link"
                onClick={() => {
                  rows.append(emptyTimeOffRow, { shouldFocus: false });
                  clearTimeOffError();
                }}
              >
                + New Date
              </Button>
            )}
            <div id="time-off-error" className={styles.error} role="alert">
              {timeOffError ? TIME_OFF_ERROR : ''}
            </div>
          </fieldset>
          <TextAreaField
            label="Any Other Requests"
            placeholder="ex: Block scheduling, unknown required time off, etc."
            maxLength={2000}
            {...form.register('otherRequests')}
          />
          <TextField
            label="When is the best time to contact you?"
            maxLength={500}
            {...form.register('bestContactTime')}
          />
          {error && <Alert>{error}</Alert>}
        </Form>
      </div>
    </Modal>
  );
}
