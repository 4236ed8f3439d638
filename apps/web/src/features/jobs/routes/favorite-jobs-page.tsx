import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the jobs feature lands. */
export default function FavoriteJobsPage() {
  return <PageFrame title="Favorite Jobs" />;
}
