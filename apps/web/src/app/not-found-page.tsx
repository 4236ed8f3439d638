import { Link } from 'react-router';
import { PageFrame } from '../components/layout/page.tsx';

export function NotFoundPage() {
  return (
    <PageFrame title="Page not found">
      <p>We could not find that page.</p>
      <p>
        <Link to="/job-search">Search for jobs</Link> or go to your <Link to="/dashboard">dashboard</Link>.
      </p>
    </PageFrame>
  );
}
