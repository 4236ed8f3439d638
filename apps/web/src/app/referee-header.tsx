import { agency } from '../config/agency.ts';
import styles from './header.module.css';

/**
 * The header of the public reference form: the agency's name only. The person filling it in is a former
 * supervisor, not a clinician: the clinician's header (Traveler Login, Find Jobs, the account menu) has nothing
 * for them and would lead them away from the form.
 */
export function RefereeHeader() {
  return (
    <header role="banner" className={styles.header}>
      <div className={styles.inner}>
        <span className={styles.brand}>
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <rect width="32" height="32" rx="7" fill="currentColor" />
            <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#fff" />
          </svg>
          <span>{agency.name}</span>
        </span>
      </div>
    </header>
  );
}
