import { jobTitle } from '@hcp/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/layout/page.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { JobDetailsPane } from '../components/job-details-pane.tsx';
import { JobNotFound } from '../components/job-not-found.tsx';
import { useJobDetails } from '../api/job-details.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { answerPageWithStatus } from '../../../lib/render-env.ts';
import { defaultSearch, toSearchString } from '../lib/search-params.ts';
import styles from './pages.module.css';

// The search form (and the form library) loads when 'search for more jobs' opens it, not with the job.
const SearchForm = lazy(() => import('../components/search-form.tsx').then((m) => ({ default: m.SearchForm })));

/** The embedded job search: where a job page opened without returnUrl (a shared link, a mail) leads back to. */
const SEARCH_PATH = '/careers/find-a-job';

/**
 * One job in the embedded mode; returnUrl (a same-site path) leads back to the results, and a page opened without
 * one leads to the job search. A job id that names no job shows that, with the way to the search.
 */
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
  const details = useJobDetails(id, isLoggedIn);
  const job = details.data;
  const notFound = id === null || details.data === null;
  // The page of a job that is not there is no page: search engines drop its address.
  if (notFound) answerPageWithStatus(404);
  return (
    <div className={styles.page}>
      <PageTitle
        title={
          job ? `${jobTitle(job.profession, job.specialty)} | Job Details` : notFound ? 'Job not found' : 'Job Details'
        }
      />
      {safeReturn ? (
        <Link to={safeReturn} className={styles.back}>
          ‹ Back to results
        </Link>
      ) : (
        !notFound && (
          <Link to={SEARCH_PATH} className={styles.back}>
            ‹ Search all jobs
          </Link>
        )
      )}
      {id === null ? (
        <JobNotFound headingLevel="h1" searchHref={SEARCH_PATH} />
      ) : (
        <JobDetailsPane jobId={id} headingLevel="h1" onSearchMore={() => setSearching(true)} searchHref={SEARCH_PATH} />
      )}
      <Modal open={searching} onClose={() => setSearching(false)} title="Search for more jobs">
        <Suspense fallback={<Spinner />}>
          <SearchForm
            initial={defaultSearch}
            submitLabel="Update Results"
            action="/careers/find-a-job"
            onSubmit={(v) => {
              setSearching(false);
              navigate(`/careers/find-a-job?${toSearchString(v)}`);
            }}
          />
        </Suspense>
      </Modal>
    </div>
  );
}
