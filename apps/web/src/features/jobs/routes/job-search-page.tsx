import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the jobs feature lands. */
export default function JobSearchPage() {
  return <PageFrame title="Job Search" />;
}
