import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the reference feature lands. */
export default function ClinicalReferencePage() {
  return <PageFrame title="Clinical & Professional Reference" />;
}
