import { useState } from 'react';
import { formatDate, isDefaultShiftTime, messages, workedMinutes, type PayPeriod, type Shift } from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { useShifts, useShiftTypes, useTimesheetMutations } from '../api/timesheets.ts';
import { draftFrom, ShiftForm } from './shift-form.tsx';
import { useFocusAfter } from '../../../lib/use-focus-after.ts';
import styles from '../timesheets.module.css';

function time12(ts: string): string {
  const [h, m] = ts.slice(11, 16).split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export function LockIcon() {
  return (
    <svg className={styles.lock} viewBox="0 0 24 24" width="16" height="16" role="img" aria-label="Locked">
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
      />
    </svg>
  );
}

export function PayPeriodPanel({ period, unit }: { period: PayPeriod; unit: string | null }) {
  const shifts = useShifts(period.timesheetId);
  const types = useShiftTypes(period.timesheetId);
  const m = useTimesheetMutations();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [failed, setFailed] = useState(false);
  const editable = !period.isLocked && !period.submittedDate;
  const typeName = (id: number) => types.data?.find((t) => t.shiftTypeId === id)?.name ?? 'Shift';
  const total = (shifts.data ?? []).reduce((sum, s) => sum + workedMinutes(s), 0);

  // The form opens with focus on its first field (autoFocus); when it closes, focus goes to New Time Entry.
  const focusAfter = useFocusAfter();
  const closeForm = () => {
    setEditing(null);
    focusAfter(`[data-new-entry="${period.timesheetId}"]`);
  };
  const save = (body: Parameters<typeof m.save.mutate>[0]) => {
    setFailed(false);
    m.save.mutate(body, { onSuccess: closeForm, onError: () => setFailed(true) });
  };
  const form = (s: Shift | null) => (
    <ShiftForm
      initial={draftFrom(s, unit)}
      period={period}
      types={types.data ?? []}
      saving={m.save.isPending}
      failed={failed}
      onSave={save}
      onCancel={() => {
        setFailed(false);
        closeForm();
      }}
    />
  );

  return (
    <section className={styles.periodPanel} aria-labelledby="period-title">
      <div className={styles.periodHead}>
        <h2 id="period-title">
          {formatDate(period.startDate)} - {formatDate(period.endDate)} {period.isLocked && <LockIcon />}
        </h2>
        <p className={styles.muted}>
          {period.submittedDate
            ? `Submitted ${formatDate(period.submittedDate.slice(0, 10))}`
            : editable
              ? 'Open'
              : 'Locked'}
          {period.approvedDate && ` · Approved ${formatDate(period.approvedDate.slice(0, 10))}`} ·{' '}
          {(total / 60).toFixed(2)} hours
        </p>
      </div>
      {(shifts.isPending || types.isPending) && <Spinner />}
      {(shifts.isError || types.isError) && <Alert>{messages.genericOops}</Alert>}
      {(m.remove.isError || m.submit.isError) && <Alert>{messages.genericOops}</Alert>}
      {shifts.data && types.data && (
        <>
          {shifts.data.length === 0 && editing !== 'new' && (
            <EmptyState>No time entries for this pay period.</EmptyState>
          )}
          <ul className={styles.shiftList}>
            {shifts.data.map((s) =>
              editing === s.shiftId ? (
                <li key={s.shiftId}>{form(s)}</li>
              ) : (
                <li
                  key={s.shiftId}
                  className={styles.shift}
                  aria-label={`Time entry ${formatDate(s.shiftDate.slice(0, 10))}`}
                >
                  <div>
                    <strong>{formatDate(s.shiftDate.slice(0, 10))}</strong> · {typeName(s.shiftTypeId)}
                    <div className={styles.muted}>
                      {isDefaultShiftTime(s.startTime)
                        ? 'No shift times'
                        : `${time12(s.startTime)} - ${time12(s.endTime)}`}
                      {s.lunch !== null && ` · ${s.lunch} min lunch`}
                      {s.unit && ` · ${s.unit}`}
                    </div>
                  </div>
                  {editable && (
                    <div className={styles.shiftActions}>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={editing !== null}
                        onClick={() => setEditing(s.shiftId)}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="danger"
                        size="sm"
                        disabled={editing !== null || m.remove.isPending}
                        onClick={() => m.remove.mutate(s.shiftId)}
                      >
                        Delete
                      </Button>
                    </div>
                  )}
                </li>
              ),
            )}
            {editing === 'new' && <li>{form(null)}</li>}
          </ul>
          {editable && (
            <div className={styles.periodActions}>
              <Button
                variant="secondary"
                disabled={editing !== null}
                data-new-entry={period.timesheetId}
                onClick={() => setEditing('new')}
              >
                New Time Entry
              </Button>
              <Button
                disabled={editing !== null || m.submit.isPending}
                onClick={() => m.submit.mutate(period.timesheetId)}
              >
                Submit Pay Period
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
