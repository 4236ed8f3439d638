import { PageFrame } from '../../../components/layout/page.tsx';

/** Placeholder until the referral feature lands. */
export default function ReferAFriendPage() {
  return <PageFrame title="Refer a Friend" />;
}
