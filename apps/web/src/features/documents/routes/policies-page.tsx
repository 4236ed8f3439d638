import { useState } from 'react';
import { PageFrame } from '../../../components/layout/page.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { ExternalLink, siteOf } from '../../../components/ui/external-link.tsx';
import { agency } from '../../../config/agency.ts';
import { openPolicyDocument } from '../api/documents.ts';
import styles from '../documents.module.css';

const policies = [
  {
    documentName: 'Grievance',
    label: 'Grievance Policy',
    text: 'How to raise a concern about pay, an assignment or a facility.',
  },
  { documentName: 'Handbook', label: 'TRS Handbook', text: 'How we work with our travel clinicians.' },
] as const;

export default function PoliciesPage() {
  const [error, setError] = useState(false);
  return (
    <PageFrame title="Policies and Procedures">
      {error && <Alert>Something went wrong when opening the file.</Alert>}
      <ul className={styles.policyList}>
        {policies.map((p) => (
          <li key={p.documentName}>
            <button
              type="button"
              className={styles.policy}
              onClick={() => {
                setError(false);
                openPolicyDocument(p.documentName).catch(() => setError(true));
              }}
            >
              <span className={styles.docTitle}>{p.label}</span>
              <span className={styles.muted}>{p.text}</span>
            </button>
          </li>
        ))}
        <li>
          <ExternalLink className={styles.policy} href={agency.workplacePostersUrl} namesSite>
            <span className={styles.docTitle}>Workplace Posters</span>
            <span className={styles.muted}>
              Federal and state employment posters, on {siteOf(agency.workplacePostersUrl)} (opens in a new window).
            </span>
          </ExternalLink>
        </li>
      </ul>
    </PageFrame>
  );
}
