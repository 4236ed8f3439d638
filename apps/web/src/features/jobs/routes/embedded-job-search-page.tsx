import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the jobs feature lands. */
export default function EmbeddedJobSearchPage() {
  return <PageFrame title="Find a Job" />;
}
