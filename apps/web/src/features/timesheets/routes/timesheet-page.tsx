import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the timesheets feature lands. */
export default function TimesheetPage() {
  return <PageFrame title="Timesheets" />;
}
