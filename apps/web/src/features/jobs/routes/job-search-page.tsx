import { JobSearchView } from '../components/job-search-view.tsx';

export default function JobSearchPage() {
  return <JobSearchView />;
}
