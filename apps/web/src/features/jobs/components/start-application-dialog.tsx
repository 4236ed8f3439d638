import { useState } from 'react';
import {
  formatDate,
  formatMoney,
  localIsoDate,
  normalizeTimeOff,
  startDateWindow,
  type JobDetails,
  type StartApplicationRequest,
} from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { Toggle, yesNo } from '../../../components/ui/toggle.tsx';
import { useFeatureFlags } from '../../../lib/feature-flags.ts';
import { ShiftIcon } from './shift-icon.tsx';
import { openingsLabel, shiftCategoryText } from '../lib/labels.ts';
import styles from './start-application-dialog.module.css';

interface Row {
  key: number;
  fromDate: string;
  toDate: string;
  singleDay: boolean;
}

export const TIME_OFF_ERROR = 'Please provide Requested Time Off to continue';
let rowKey = 0;
const emptyRow = (): Row => ({ key: ++rowKey, fromDate: '', toDate: '', singleDay: false });

export interface StartApplicationDialogProps {
  job: JobDetails;
  open: boolean;
  onClose: () => void;
  onSubmit: (body: StartApplicationRequest) => void;
  pending: boolean;
  error: string | null;
}

export function StartApplicationDialog({ job, open, onClose, onSubmit, pending, error }: StartApplicationDialogProps) {
  const flags = useFeatureFlags();
  const rto = flags.Rto_IsEnabled;
  const win = startDateWindow(localIsoDate());
  const [startDate, setStartDate] = useState(win.defaultDate);
  const [wantsTimeOff, setWantsTimeOff] = useState(true);
  const [rows, setRows] = useState<Row[]>(() => [emptyRow()]);
  const [otherRequests, setOtherRequests] = useState('');
  const [bestContactTime, setBestContactTime] = useState('');
  const [timeOffError, setTimeOffError] = useState(false);

  const changeRows = (next: Row[]) => {
    setRows(next);
    setTimeOffError(false);
  };
  const updateRow = (key: number, change: Partial<Row>) => changeRows(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const submit = () => {
    if (rto && wantsTimeOff && !rows[0]?.fromDate) {
      setTimeOffError(true);
      return;
    }
    const requestedTimeOff = rto && !wantsTimeOff ? [] : normalizeTimeOff(rows.map((r) => ({ fromDate: r.fromDate || null, toDate: r.singleDay ? null : r.toDate || null })));
    onSubmit({
      jobId: job.jobId,
      isInterested: true,
      desiredStartDate: startDate,
      otherRequests: otherRequests.trim() || null,
      bestContactTime: bestContactTime.trim() || null,
      requestedTimeOff,
    });
  };

  const showRows = !rto || wantsTimeOff;
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
          <div className={styles.title}>
            {job.profession} - {job.specialty}
          </div>
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
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DatePicker label="Your Desired Start Date" value={startDate} onChange={(v) => v && setStartDate(v)} min={win.min} max={win.max} keepOnClear />
        <fieldset className={styles.timeOff}>
          <legend>Requested Time Off*</legend>
          {rto && <Toggle label="Requested Time Off" options={yesNo} value={wantsTimeOff} onChange={(v) => {
            setWantsTimeOff(v);
            if (!v) changeRows([emptyRow()]);
            else setTimeOffError(false);
          }} />}
          {showRows &&
            rows.map((r, i) => (
              <div key={r.key} className={styles.row} role="group" aria-label={`Time off ${i + 1}`}>
                <DatePicker
                  label={r.singleDay ? 'Day' : 'From'}
                  value={r.fromDate}
                  onChange={(v) => updateRow(r.key, { fromDate: v })}
                  invalid={timeOffError}
                  describedBy={timeOffError ? 'time-off-error' : undefined}
                />
                {!r.singleDay && (
                  <DatePicker
                    label="To"
                    value={r.toDate}
                    min={r.fromDate || undefined}
                    onChange={(v) => updateRow(r.key, { toDate: v })}
                    invalid={timeOffError}
                    describedBy={timeOffError ? 'time-off-error' : undefined}
                  />
                )}
                <Checkbox label="Single day" checked={r.singleDay} onChange={(e) => updateRow(r.key, { singleDay: e.target.checked, toDate: '' })} />
              </div>
            ))}
          {showRows && (
            <Button variant="link" onClick={() => changeRows([...rows, emptyRow()])}>
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
          value={otherRequests}
          maxLength={2000}
          onChange={(e) => setOtherRequests(e.target.value)}
        />
        <TextField label="When is the best time to contact you?" value={bestContactTime} maxLength={500} onChange={(e) => setBestContactTime(e.target.value)} />
        {error && <Alert>{error}</Alert>}
      </form>
    </Modal>
  );
}
