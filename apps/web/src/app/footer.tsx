import { ExternalLink } from '../components/ui/external-link.tsx';
import { agency } from '../config/agency.ts';
import styles from './footer.module.css';

/** The site footer (the contentinfo landmark): how to reach a recruiter and the agency's site. */
export function Footer() {
  return (
    <footer role="contentinfo" className={styles.footer}>
      <div className={styles.inner}>
        <p>
          Questions? Call a recruiter at{' '}
          <a href={`tel:${agency.recruiterPhone.replace(/[^\d+]/g, '')}`}>{agency.recruiterPhone}</a>, Monday to Friday,
          8 a.m. to 5 p.m. Central.
        </p>
        <p>
          © {new Date().getFullYear()} {agency.name} ·{' '}
          <ExternalLink href={agency.homeSiteUrl} namesSite>
            {agency.name} website
          </ExternalLink>
        </p>
      </div>
    </footer>
  );
}
