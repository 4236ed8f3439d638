import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the dashboard feature lands. */
export default function DashboardPage() {
  return <PageFrame title="Dashboard" />;
}
