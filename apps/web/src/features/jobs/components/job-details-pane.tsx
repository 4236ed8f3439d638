import { Spinner } from '../../../components/ui/feedback.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useJobDetails } from '../api/job-details.ts';
import { JobDetails } from './job-details.tsx';
import { JobNotFound } from './job-not-found.tsx';

/**
 * Loads and shows one job. A job id that names no job says so, with the way to `searchHref`; any other failed load
 * says the job could not be loaded. Neither leaves the previous job in view: beside the list it would read as the
 * one clicked.
 */
export function JobDetailsPane({
  jobId,
  onSearchMore,
  headingLevel,
  searchHref,
}: {
  jobId: number | null;
  onSearchMore?: () => void;
  headingLevel?: 'h1' | 'h2';
  /** Where "Search for jobs" leads when the job is not found. */
  searchHref: string;
}) {
  const { isLoggedIn } = useAuth();
  const q = useJobDetails(jobId, isLoggedIn);
  if (jobId === null) return null;
  if (q.isPending) return <Spinner label="Loading job details" />;
  if (q.data === null) return <JobNotFound headingLevel={headingLevel} searchHref={searchHref} />;
  if (!q.data) return <p role="alert">The job could not be loaded. Please try again.</p>;
  return <JobDetails job={q.data} onSearchMore={onSearchMore} headingLevel={headingLevel} />;
}
