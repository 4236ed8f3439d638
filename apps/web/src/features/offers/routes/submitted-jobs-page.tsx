import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the offers feature lands. */
export default function SubmittedJobsPage() {
  return <PageFrame title="Submissions & Offers" />;
}
