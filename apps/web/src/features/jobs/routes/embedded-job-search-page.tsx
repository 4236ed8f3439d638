import { JobSearchView } from '../components/job-search-view.tsx';

/** Embedded mode (the company site frames it): choosing a job on narrow screens opens its own page. */
export default function EmbeddedJobSearchPage() {
  return <JobSearchView embedded />;
}
