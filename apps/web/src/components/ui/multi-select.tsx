import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styles from './multi-select.module.css';

export interface MultiSelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface MultiSelectProps {
  label: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Placeholder of the search box ('Add more specialties', 'Add more locations'). */
  placeholder?: string;
  /** Optional selection limit. */
  limit?: number;
  /** Row height for virtual scrolling (location 30px, specialty 50px). */
  itemHeight?: number;
  /** Rows visible at once. */
  visibleRows?: number;
  maxTokens?: number;
  error?: string | null;
  id?: string;
  disabled?: boolean;
}

/**
 * A multi-select with a text search over option labels: at most `maxTokens` chosen tokens then '+ n more',
 * an optional limit, disabled options, keyboard operation (arrows, Enter, Escape, Backspace) and a virtually
 * scrolled list (only the visible rows are in the DOM).
 */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  placeholder,
  limit,
  itemHeight = 30,
  visibleRows = 8,
  maxTokens = 3,
  error,
  id,
  disabled,
}: MultiSelectProps) {
  const auto = useId();
  const fid = id ?? auto;
  const listId = `${fid}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [scrollTop, setScrollTop] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const selected = useMemo(() => new Set(value), [value]);
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  }, [options, query]);
  const atLimit = limit !== undefined && value.length >= limit;

  useEffect(() => {
    setActive(0);
    setScrollTop(0);
    if (listRef.current) listRef.current.scrollTop = 0;
  }, [query]);

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  const isDisabled = (o: MultiSelectOption) => !!o.disabled || (atLimit && !selected.has(o.value));

  const toggle = (o: MultiSelectOption) => {
    if (isDisabled(o)) return;
    if (selected.has(o.value)) onChange(value.filter((v) => v !== o.value));
    else onChange([...value, o.value]);
  };

  const ensureVisible = (index: number) => {
    const el = listRef.current;
    if (!el) return;
    const top = index * itemHeight;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + itemHeight > el.scrollTop + visibleRows * itemHeight)
      el.scrollTop = top + itemHeight - visibleRows * itemHeight;
    setScrollTop(el.scrollTop);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const next = Math.max(0, Math.min(filtered.length - 1, active + (e.key === 'ArrowDown' ? 1 : -1)));
      setActive(next);
      ensureVisible(next);
    } else if (e.key === 'Enter') {
      if (open && filtered[active]) {
        e.preventDefault();
        toggle(filtered[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
      }
    } else if (e.key === 'Backspace' && !query && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  const overscan = 4;
  const total = filtered.length;
  const first = Math.max(0, Math.floor(scrollTop / itemHeight) - overscan);
  const last = Math.min(total, Math.ceil((scrollTop + visibleRows * itemHeight) / itemHeight) + overscan);
  const shown = value.slice(0, maxTokens);
  const more = value.length - shown.length;
  const activeOption = filtered[active];

  return (
    <div
      className={styles.root}
      ref={rootRef}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={fid} className={styles.label}>
        {label}
      </label>
      <div className={`${styles.control} ${error ? styles.invalid : ''}`} onClick={() => inputRef.current?.focus()}>
        {shown.map((v) => {
          const o = byValue.get(v);
          const text = o?.label ?? v;
          return (
            <span key={v} className={styles.token}>
              <span className={styles.tokenText}>{text}</span>
              <button
                type="button"
                className={styles.tokenRemove}
                aria-label={`Remove ${text}`}
                disabled={disabled}
                onClick={(e) => {
                  e.stopPropagation();
                  onChange(value.filter((x) => x !== v));
                }}
              >
                ×
              </button>
            </span>
          );
        })}
        {more > 0 && <span className={styles.more}>+ {more} more</span>}
        <input
          ref={inputRef}
          id={fid}
          className={styles.input}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && activeOption ? `${fid}-opt-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fid}-error` : undefined}
          placeholder={placeholder}
          value={query}
          disabled={disabled}
          autoComplete="off"
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
      </div>
      <div className={`${styles.panel} ${open ? styles.open : ''}`} aria-hidden={!open || undefined}>
        {limit !== undefined && (
          <div className={styles.hint}>
            {value.length} of {limit} chosen
          </div>
        )}
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-multiselectable="true"
          aria-label={label}
          className={styles.list}
          style={{ maxHeight: visibleRows * itemHeight }}
          onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        >
          {total === 0 && <div className={styles.noResults}>No matches</div>}
          <div style={{ height: total * itemHeight, position: 'relative' }}>
            {filtered.slice(first, last).map((o, i) => {
              const index = first + i;
              const sel = selected.has(o.value);
              const dis = isDisabled(o);
              return (
                <div
                  key={o.value}
                  id={`${fid}-opt-${index}`}
                  role="option"
                  aria-selected={sel}
                  aria-disabled={dis || undefined}
                  className={`${styles.option} ${index === active ? styles.active : ''} ${dis ? styles.disabled : ''}`}
                  style={{ position: 'absolute', top: index * itemHeight, height: itemHeight, left: 0, right: 0 }}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => toggle(o)}
                >
                  <span className={styles.check} aria-hidden="true">
                    {sel ? '✓' : ''}
                  </span>
                  <span className={styles.optionText}>{o.label}</span>
                </div>
              );
            })}
          </div>
        </div>
      </div>
      <div id={`${fid}-error`} className={styles.error} role="alert">
        {error ?? ''}
      </div>
    </div>
  );
}
