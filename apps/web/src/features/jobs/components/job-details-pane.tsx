import { Spinner } from '../../../components/ui/feedback.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { useJobDetails } from '../api/job-details.ts';
import { JobDetails } from './job-details.tsx';

/** Loads and shows one job; a failed load clears the details and shows nothing else: a stale job beside the list would read as the one clicked. */
export function JobDetailsPane({
  jobId,
  onSearchMore,
  headingLevel,
}: {
  jobId: number | null;
  onSearchMore?: () => void;
  headingLevel?: 'h1' | 'h2';
}) {
  const { isLoggedIn } = useAuth();
  const q = useJobDetails(jobId, isLoggedIn);
  if (jobId === null) return null;
  if (q.isPending) return <Spinner label="Loading job details" />;
  if (!q.data) return null;
  return <JobDetails job={q.data} onSearchMore={onSearchMore} headingLevel={headingLevel} />;
}
