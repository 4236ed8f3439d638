import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the offers feature lands. */
export default function ReviewAndSignPage() {
  return <PageFrame title="Review & Sign Contract" />;
}
