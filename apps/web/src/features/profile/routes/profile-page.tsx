import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the profile feature lands. */
export default function ProfilePage() {
  return <PageFrame title="Profile" />;
}
