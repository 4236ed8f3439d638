import { jobTitle } from '@hcp/contracts';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/layout/page.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { JobDetailsPane } from '../components/job-details-pane.tsx';
import { useJobDetails } from '../api/job-details.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { SearchForm } from '../components/search-form.tsx';
import { defaultSearch, toSearchString } from '../lib/search-params.ts';
import styles from './pages.module.css';

/** One job in the embedded mode; returnUrl (a same-site path) leads back to the results. */
export default function EmbeddedJobDetailsPage() {
  const { jobId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [searching, setSearching] = useState(false);
  const id = jobId && /^\d{1,10}$/.test(jobId) ? Number(jobId) : null;
  const returnUrl = params.get('returnUrl') ?? '';
  const safeReturn = returnUrl.startsWith('/') && !returnUrl.startsWith('//') ? returnUrl : null;
  const { isLoggedIn } = useAuth();
  // The same query as the pane's (shared cache): the document title names the job once it is loaded.
  const job = useJobDetails(id, isLoggedIn).data;
  return (
    <div className={styles.page}>
      <PageTitle title={job ? `${jobTitle(job.profession, job.specialty)} | Job Details` : 'Job Details'} />
      {safeReturn && (
        <Link to={safeReturn} className={styles.back}>
          ‹ Back to results
        </Link>
      )}
      {id === null ? (
        <h1>Job not found</h1>
      ) : (
        <JobDetailsPane jobId={id} headingLevel="h1" onSearchMore={() => setSearching(true)} />
      )}
      <Modal open={searching} onClose={() => setSearching(false)} title="Search for more jobs">
        <SearchForm
          initial={defaultSearch}
          submitLabel="Update Results"
          action="/careers/find-a-job"
          onSubmit={(v) => {
            setSearching(false);
            navigate(`/careers/find-a-job?${toSearchString(v)}`);
          }}
        />
      </Modal>
    </div>
  );
}
