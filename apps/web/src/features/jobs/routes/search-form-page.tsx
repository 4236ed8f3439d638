import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the jobs feature lands. */
export default function SearchFormPage() {
  return <PageFrame title="Search Jobs" />;
}
