import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the profile feature lands. */
export default function UpdateBackgroundPage() {
  return <PageFrame title="Update Background Questions" />;
}
