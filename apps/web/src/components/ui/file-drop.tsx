import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Button } from './button.tsx';
import { useBreakpoint } from '../../lib/use-media-query.ts';
import styles from './file-drop.module.css';

export interface FileDropProps {
  /** Called with the one file picked or dropped. */
  onFile: (file: File) => void;
  /** Extensions offered by the picker (without dots); the drop area accepts anything and leaves the check to onFile. */
  accept?: readonly string[];
  /** Text of the drop area. */
  dropLabel?: string;
  /** Text of the picker button. */
  buttonLabel?: string;
  /** A hint under the area (accepted types, size limit). */
  hint?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A drag-and-drop area with a file button. Keyboard: the button (and the area itself, with Enter or
 * Space) opens the picker. The chosen file's name is announced to screen readers. A phone has nothing to drag
 * files from: it gets the button alone (and the hint), never 'Drop new files here'.
 */
export function FileDrop({
  onFile,
  accept,
  dropLabel = 'Drop new files here',
  buttonLabel = 'Upload',
  hint,
  disabled,
  className,
}: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [chosen, setChosen] = useState('');
  const depth = useRef(0);
  const hintId = useId();
  const labelId = useId();
  const phone = useBreakpoint('phone');

  const pick = () => {
    if (!disabled) input.current?.click();
  };
  const take = (file: File | undefined | null) => {
    if (!file || disabled) return;
    setChosen(file.name);
    onFile(file);
  };
  const onDragEnter = (e: DragEvent) => {
    e.preventDefault();
    depth.current += 1;
    if (!disabled) setOver(true);
  };
  const onDragLeave = (e: DragEvent) => {
    e.preventDefault();
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    depth.current = 0;
    setOver(false);
    take(e.dataTransfer.files?.[0]);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pick();
    }
  };

  return (
    <div className={`${styles.wrap} ${className ?? ''}`}>
      {phone ? null : (
        <div
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-labelledby={labelId}
          aria-describedby={hint ? hintId : undefined}
          aria-disabled={disabled || undefined}
          className={`${styles.zone} ${over ? styles.over : ''} ${disabled ? styles.disabled : ''}`}
          onClick={pick}
          onKeyDown={onKeyDown}
          onDragEnter={onDragEnter}
          onDragOver={(e) => e.preventDefault()}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
          data-testid="file-drop-zone"
        >
          <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" className={styles.icon}>
            <path
              d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span id={labelId} className={styles.label}>
            {dropLabel}
          </span>
          {hint && (
            <span id={hintId} className={styles.hint}>
              {hint}
            </span>
          )}
        </div>
      )}
      <div className={styles.actions}>
        <Button onClick={pick} disabled={disabled}>
          {buttonLabel}
        </Button>
        <input
          ref={input}
          type="file"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          accept={accept?.map((e) => `.${e}`).join(',')}
          disabled={disabled}
          data-testid="file-drop-input"
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      <div className="visually-hidden" aria-live="polite" role="status">
        {chosen ? `Selected file: ${chosen}` : ''}
      </div>
    </div>
  );
}
