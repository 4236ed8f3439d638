import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { dateMessages, dateRangeMessage, usDateToIso, weekdayOf } from '@hcp/contracts';
import { trapTab } from './focus-trap.ts';
import { useBreakpoint } from '../../lib/use-media-query.ts';
import styles from './date-picker.module.css';

export interface DatePickerProps {
  label: string;
  /** 'YYYY-MM-DD' or ''. */
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
  error?: string | null;
  /** Marks the input invalid without a message of its own (a shared message elsewhere). */
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  name?: string;
  /**
   * A cleared input gets the last date back (the start date of the start-application dialog). Text that is not a
   * date still leaves the value '' with its message, never the previous date in its place.
   */
  keepOnClear?: boolean;
  /**
   * Told whether the typed text is a date the field takes: the field's own message (not a real date, or the allowed
   * range), or null once it is fine, so a form can hold its submit while a typed date is wrong.
   */
  onTextError?: (message: string | null) => void;
  /** What a day outside min/max is told when the form has its own words for it ('within the pay period'). */
  outOfRangeMessage?: string;
  autoFocus?: boolean;
}

/** A typed text that has the shape of a whole date (the year typed out), so it can be judged before the field is left. */
const WHOLE_DATE = /^\d{1,2}\/\d{1,2}\/\d{4}$/;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

function toDisplay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}
/** A typed date counts only when it is a day the server takes too (the one date rule of @hcp/contracts). */
const fromDisplay = usDateToIso;
function iso(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
}
function todayIso(): string {
  const d = new Date();
  return iso(d.getFullYear(), d.getMonth(), d.getDate());
}
function addDays(value: string, days: number): string {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return iso(y, m - 1, d + days);
}
function addMonths(value: string, months: number): string {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return iso(y, m - 1 + months, Math.min(d, last));
}

/**
 * A date field: typing in mm/dd/yyyy (placeholder 'mm/dd/yyyy') or choosing from a calendar opened with the
 * calendar icon button. The calendar is a popover on wide screens and full screen at 1251px or less (touch mode).
 * Keyboard: arrows move a day/week, PageUp/PageDown a month, Home/End the week, Enter chooses, Escape closes.
 */
export function DatePicker({
  label,
  value,
  onChange,
  min,
  max,
  error,
  invalid,
  describedBy,
  required,
  disabled,
  id,
  name,
  keepOnClear,
  onTextError,
  outOfRangeMessage,
  autoFocus,
}: DatePickerProps) {
  const auto = useId();
  const fid = id ?? auto;
  const [text, setText] = useState(toDisplay(value));
  /** Why the typed text is not taken (an impossible day, outside min/max); shown in place of the form's error. */
  const [typedError, setTypedErrorState] = useState<string | null>(null);
  const setTypedError = (message: string | null) => {
    setTypedErrorState(message);
    onTextError?.(message);
  };
  /** The last value this field sent: a value that comes back from the form unchanged leaves the typed text alone. */
  const sent = useRef(value);
  /** The last real date the field held: what a cleared keep-on-clear field gets back. */
  const lastDate = useRef(value);
  const [open, setOpen] = useState(false);
  const [focusDay, setFocusDay] = useState(value || todayIso());
  const touch = useBreakpoint('touchCalendar');
  const gridRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const calendarRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    if (value) lastDate.current = value;
    setText(toDisplay(value));
    setTypedErrorState(null);
  }, [value]);

  useEffect(() => {
    if (!open) return;
    const t = setTimeout(() => gridRef.current?.querySelector<HTMLButtonElement>('[data-focus="true"]')?.focus(), 0);
    const onDoc = (e: MouseEvent) => {
      if (!touch && rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => {
      clearTimeout(t);
      document.removeEventListener('mousedown', onDoc);
    };
  }, [open, focusDay, touch]);

  const outOfRange = (d: string) => (min !== undefined && d < min) || (max !== undefined && d > max);

  const send = (v: string) => {
    if (v) lastDate.current = v;
    if (v === sent.current) return;
    sent.current = v;
    onChange(v);
  };

  /**
   * Judges typed text: a real day within min/max is sent; anything else keeps the text as typed, says why under the
   * field and sends '' (the form then knows the date is missing), so nothing typed is dropped or reverted silently.
   * `final` is the field being left: a partial date is judged only then.
   */
  const judge = (t: string, final: boolean) => {
    if (!t.trim()) {
      setTypedError(null);
      // An emptied field holds no date at once (the form's Save waits), unless it gets its last date back on leaving.
      if (!keepOnClear) send('');
      else if (final && lastDate.current) {
        setText(toDisplay(lastDate.current));
        send(lastDate.current);
      }
      return;
    }
    const parsed = fromDisplay(t);
    if (parsed && !outOfRange(parsed)) {
      setTypedError(null);
      send(parsed);
      return;
    }
    if (!final && !WHOLE_DATE.test(t)) {
      // Still being typed: no message yet, and no date meanwhile (never the previous one behind a changed text).
      setTypedError(null);
      if (!keepOnClear) send('');
      return;
    }
    setTypedError(parsed ? (outOfRangeMessage ?? dateRangeMessage(min, max)) : dateMessages.typedDate);
    send('');
  };
  const commitText = (t: string) => judge(t, true);

  const choose = (d: string) => {
    if (outOfRange(d)) return;
    send(d);
    setTypedError(null);
    setText(toDisplay(d));
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onGridKey = (e: KeyboardEvent) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focusDay, -1),
      ArrowRight: () => addDays(focusDay, 1),
      ArrowUp: () => addDays(focusDay, -7),
      ArrowDown: () => addDays(focusDay, 7),
      PageUp: () => addMonths(focusDay, -1),
      PageDown: () => addMonths(focusDay, 1),
      Home: () => addDays(focusDay, -weekdayOf(focusDay)),
      End: () => addDays(focusDay, 6 - weekdayOf(focusDay)),
    };
    if (moves[e.key]) {
      e.preventDefault();
      setFocusDay(moves[e.key]!());
    }
  };

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  /** Escape closes the calendar only (not a dialog around it); the full-screen calendar keeps Tab inside. */
  const onCalendarKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (touch && calendarRef.current) trapTab(e, calendarRef.current);
  };

  const [y, m] = focusDay.split('-').map(Number) as [number, number];
  const firstWeekday = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells: (string | null)[] = [...Array<null>(firstWeekday).fill(null)];
  for (let d = 1; d <= daysInMonth; d++) cells.push(iso(y, m - 1, d));
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  const message = typedError ?? error ?? null;
  const described = [message ? `${fid}-error` : null, describedBy ?? null, `${fid}-format`].filter(Boolean).join(' ');

  return (
    <div className={styles.field} ref={rootRef}>
      <label htmlFor={fid} className={styles.label}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className={`${styles.control} ${message || invalid ? styles.invalid : ''}`}>
        <input
          id={fid}
          name={name}
          className={styles.input}
          inputMode="numeric"
          placeholder="mm/dd/yyyy"
          value={text}
          disabled={disabled}
          autoFocus={autoFocus}
          aria-invalid={message || invalid ? true : undefined}
          aria-describedby={described}
          aria-required={required || undefined}
          maxLength={10}
          onChange={(e) => {
            const t = e.target.value.replace(/[^\d/]/g, '');
            setText(t);
            judge(t, false);
          }}
          onBlur={(e) => commitText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commitText(e.currentTarget.value);
          }}
        />
        <button
          ref={buttonRef}
          type="button"
          className={styles.iconButton}
          aria-label={`Choose ${label.replace(/\s*\*$/, '')}`}
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={disabled}
          onClick={() => {
            setFocusDay(value || (min && todayIso() < min ? min : todayIso()));
            setOpen((o) => !o);
          }}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <span id={`${fid}-format`} className="visually-hidden">
        Format mm/dd/yyyy
      </span>
      {open && (
        <div
          ref={calendarRef}
          className={`${styles.calendar} ${touch ? styles.touch : ''}`}
          onKeyDown={onCalendarKey}
          role="dialog"
          aria-modal={touch || undefined}
          aria-label={`${label.replace(/\s*\*$/, '')} calendar`}
          data-touch={touch ? 'true' : 'false'}
        >
          <div className={styles.calHeader}>
            <button
              type="button"
              className={styles.nav}
              aria-label="Previous month"
              onClick={() => setFocusDay(addMonths(focusDay, -1))}
            >
              ‹
            </button>
            <div className={styles.month} aria-live="polite">
              {MONTHS[m - 1]} {y}
            </div>
            <button
              type="button"
              className={styles.nav}
              aria-label="Next month"
              onClick={() => setFocusDay(addMonths(focusDay, 1))}
            >
              ›
            </button>
          </div>
          <div role="grid" ref={gridRef} className={styles.grid} onKeyDown={onGridKey}>
            <div role="row" className={styles.row}>
              {WEEKDAYS.map((w) => (
                <div role="columnheader" key={w} className={styles.weekday}>
                  {w}
                </div>
              ))}
            </div>
            {weeks.map((week, wi) => (
              <div role="row" key={wi} className={styles.row}>
                {week.map((d, di) =>
                  d ? (
                    <div role="gridcell" key={d} aria-selected={d === value}>
                      <button
                        type="button"
                        className={`${styles.day} ${d === value ? styles.selected : ''}`}
                        tabIndex={d === focusDay ? 0 : -1}
                        data-focus={d === focusDay ? 'true' : undefined}
                        disabled={outOfRange(d)}
                        aria-label={toDisplay(d)}
                        onClick={() => choose(d)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter' || e.key === ' ') {
                            e.preventDefault();
                            choose(d);
                          }
                        }}
                      >
                        {Number(d.slice(8))}
                      </button>
                    </div>
                  ) : (
                    <div role="gridcell" key={`e${di}`} />
                  ),
                )}
              </div>
            ))}
          </div>
          <div className={styles.calFooter}>
            <button type="button" className={styles.close} onClick={close}>
              Close
            </button>
          </div>
        </div>
      )}
      <div id={`${fid}-error`} className={styles.error} role="alert" aria-live="polite">
        {message ?? ''}
      </div>
    </div>
  );
}
