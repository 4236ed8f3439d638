import styles from './toggle.module.css';

export interface ToggleOption<V> {
  value: V;
  label: string;
}

export interface ToggleProps<V> {
  /** Accessible name of the group (usually the question). */
  label: string;
  options: ToggleOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/** A set of toggle buttons of which one is pressed (Yes/No answers, the time-off switch). */
export function Toggle<V extends string | number | boolean>({
  label,
  options,
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
}: ToggleProps<V>) {
  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby={describedBy}
      className={`${styles.group} ${invalid ? styles.invalid : ''}`}
    >
      {options.map((o) => (
        <button
          key={String(o.value)}
          type="button"
          aria-pressed={value === o.value}
          className={`${styles.option} ${value === o.value ? styles.on : ''}`}
          disabled={disabled}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

export const yesNo: ToggleOption<boolean>[] = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
];
