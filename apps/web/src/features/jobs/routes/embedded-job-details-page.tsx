import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the jobs feature lands. */
export default function EmbeddedJobDetailsPage() {
  return <PageFrame title="Job Details" />;
}
