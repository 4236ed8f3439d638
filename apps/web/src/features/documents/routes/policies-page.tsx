import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the documents feature lands. */
export default function PoliciesPage() {
  return <PageFrame title="Policies and Procedures" />;
}
