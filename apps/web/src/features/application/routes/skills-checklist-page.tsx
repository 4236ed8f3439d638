import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { applicationMessages } from '@hcp/contracts';
import { PageFrame } from '../../../components/layout/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { Checkbox } from '../../../components/ui/field.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { assignSkills, useHshItems } from '../api/employment.ts';
import { useRefreshSteps } from '../api/steps.ts';
import styles from '../components/application.module.css';

/** /skills-checklist: every item pre-selected; 'Take Selected Checklists' assigns them and opens the summary. */
export default function SkillsChecklistPage() {
  const { user } = useAuth();
  const q = useHshItems();
  const refresh = useRefreshSteps();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<number[] | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (q.data && selected === null) setSelected(q.data.hshItems.map((i) => i.hshItemId));
  }, [q.data, selected]);

  const take = async () => {
    setPending(true);
    setError(null);
    try {
      const res = await assignSkills(selected!);
      await refresh();
      navigate('/skills-checklist-summary', { state: res });
    } catch {
      setError(applicationMessages.somethingWrong);
      setPending(false);
    }
  };

  return (
    <PageFrame title="Skills Checklist">
      {q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <Alert>{applicationMessages.somethingWrong}</Alert>
      ) : (
        <div className={styles.body}>
          <p>Hi {user.firstName}! Facilities ask for a current skills checklist for your specialty. We selected the checklists for you:</p>
          <ul className={styles.checkList}>
            {q.data.hshItems.map((i) => (
              <li key={i.hshItemId}>
                <Checkbox
                  label={i.hshItemLabel}
                  checked={selected?.includes(i.hshItemId) ?? false}
                  onChange={(e) => setSelected((s) => (e.target.checked ? [...(s ?? []), i.hshItemId] : (s ?? []).filter((x) => x !== i.hshItemId)))}
                />
              </li>
            ))}
          </ul>
          {error && <Alert>{error}</Alert>}
          <div>
            <Button size="lg" onClick={take} disabled={pending || !selected?.length}>
              Take Selected Checklists
            </Button>
          </div>
        </div>
      )}
    </PageFrame>
  );
}
