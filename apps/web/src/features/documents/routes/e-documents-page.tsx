import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the documents feature lands. */
export default function EDocumentsPage() {
  return <PageFrame title="E-Documents & Signatures" />;
}
