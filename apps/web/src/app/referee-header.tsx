import { ExternalLink } from '../components/ui/external-link.tsx';
import { agency } from '../config/agency.ts';
import { BrandMark } from './brand-mark.tsx';
import styles from './header.module.css';

/**
 * The header of the public reference form: the agency's name and a link to who it is. The person filling it in
 * is a former supervisor, not a clinician: the clinician's header (Traveler Login, Find Jobs, the account menu)
 * has nothing for them and would lead them away from the form.
 */
export function RefereeHeader() {
  return (
    <header role="banner" className={styles.header}>
      <div className={styles.inner}>
        <span className={styles.brand}>
          <BrandMark />
          <span>{agency.name}</span>
        </span>
        <nav aria-label="Main" className={styles.nav}>
          <ExternalLink className={styles.navLink} href={agency.homeSiteUrl} compact>
            About {agency.shortName}
          </ExternalLink>
        </nav>
      </div>
    </header>
  );
}
