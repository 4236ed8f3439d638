import { useEffect, useId, useRef, type ReactNode } from 'react';
import { trapTab } from './focus-trap.ts';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  /** Called when a dismissable modal is closed by Escape, the close control or a click outside. */
  onClose: () => void;
  title: ReactNode;
  /** Non-dismissable modals (session expired, login gate) ignore Escape and outside clicks. */
  dismissable?: boolean;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'full';
  /** Extra content beside the title (e.g. a click counter target). */
  onTitleClick?: () => void;
  className?: string;
  closeLabel?: string;
}

/**
 * The one modal of the app, on the native <dialog>: the rest of the page is inert while it is open, Tab
 * cycles within it (from the last control to the first and back) and focus returns to the opener when it
 * closes. Escape closes dismissable modals only.
 */
export function Modal({
  open,
  onClose,
  title,
  dismissable = true,
  children,
  footer,
  size = 'md',
  onTitleClick,
  className,
  closeLabel = 'Close',
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[size]} ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissable) onClose();
      }}
      onClick={(e) => {
        if (dismissable && e.target === ref.current) onClose();
      }}
      onKeyDown={(e) => {
        if (ref.current) trapTab(e, ref.current);
      }}
    >
      {open && (
        <div className={styles.panel}>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title} onClick={onTitleClick}>
              {title}
            </h2>
            {dismissable && (
              <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </div>
          <div className={styles.body}>{children}</div>
          {footer && <div className={styles.footer}>{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
