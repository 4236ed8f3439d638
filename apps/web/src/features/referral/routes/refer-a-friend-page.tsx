import { formatMoney, REFERRAL_BONUS } from '@hcp/contracts';
import { PageFrame } from '../../../components/layout/page.tsx';
import { Card } from '../../../components/ui/feedback.tsx';
import { ReferralForm } from '../components/referral-form.tsx';
import styles from '../components/referral.module.css';

/** /refer-a-friend: the referral form and the bonus of up to $1000 per referral. */
export default function ReferAFriendPage() {
  return (
    <PageFrame title="Refer a Friend">
      <div className={styles.intro}>
        <div className={styles.bonus}>
          <span className={styles.bonusAmount}>{formatMoney(REFERRAL_BONUS, true)}</span>
          <span>
            Earn a bonus of up to {formatMoney(REFERRAL_BONUS, true)} for every friend you refer who completes an
            assignment with us.
          </span>
        </div>
        <p>Know a great nurse or allied professional? Tell us who they are and a recruiter will reach out to them.</p>
      </div>
      <Card>
        <ReferralForm />
      </Card>
    </PageFrame>
  );
}
