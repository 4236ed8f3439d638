import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the application feature lands. */
export default function ApplicationStepPage() {
  return <PageFrame title="Application" />;
}
