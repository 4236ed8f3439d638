import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Controller } from 'react-hook-form';
import { STEP, applicationMessages, assignSkillsRequestSchema } from '@hcp/contracts';
import { PageFrame } from '../../../components/layout/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { Checkbox } from '../../../components/ui/field.tsx';
import { useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import { useCompletedSteps } from '../../../lib/application-steps.ts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { assignSkills, useHshItems } from '../api/employment.ts';
import { useRefreshSteps } from '../api/steps.ts';
import { ApplicationProgress } from '../components/application-progress.tsx';
import styles from '../components/application.module.css';

/**
 * /skills-checklist: every item pre-selected; 'Take Selected Checklists' assigns them and opens the summary. Once
 * they are assigned the page says so and leads to the summary: opening it again assigns (and mails) nothing twice.
 */
export default function SkillsChecklistPage() {
  const { user } = useAuth();
  const q = useHshItems();
  const navigate = useNavigate();
  const assigned = (useCompletedSteps().data ?? []).includes(STEP.skillsChecklist);
  return (
    <PageFrame title="Skills Checklist">
      <ApplicationProgress path="/skills-checklist" />
      {assigned ? (
        <div className={styles.body}>
          <p>
            Your skills checklists are assigned: we sent the link to {user.email}. They stay assigned, so there is
            nothing more to choose here.
          </p>
          <div>
            <Button size="lg" onClick={() => navigate('/skills-checklist-summary')}>
              Continue
            </Button>
          </div>
        </div>
      ) : q.isPending ? (
        <Spinner />
      ) : q.isError ? (
        <Alert>{applicationMessages.somethingWrong}</Alert>
      ) : (
        <div className={styles.body}>
          <p>
            Hi {user.firstName}! Facilities ask for a current skills checklist for your specialty. We selected these for
            you from the specialties in your employment history:
          </p>
          <ChecklistChoice items={q.data.hshItems} />
        </div>
      )}
    </PageFrame>
  );
}

/** The checklists, all ticked at first; the request needs at least one. */
function ChecklistChoice({ items }: { items: { hshItemId: number; hshItemLabel: string }[] }) {
  const refresh = useRefreshSteps();
  const navigate = useNavigate();
  const form = useZodForm(assignSkillsRequestSchema, {
    defaultValues: { checklistIds: items.map((i) => i.hshItemId) },
  });
  const chosen = useFormValid(form);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const take = async ({ checklistIds }: { checklistIds: number[] }) => {
    setPending(true);
    setError(null);
    try {
      const res = await assignSkills(checklistIds);
      await refresh();
      navigate('/skills-checklist-summary', { state: res });
    } catch {
      setError(applicationMessages.somethingWrong);
      setPending(false);
    }
  };

  return (
    <>
      <Controller
        control={form.control}
        name="checklistIds"
        render={({ field }) => (
          <ul className={styles.checkList}>
            {items.map((i) => (
              <li key={i.hshItemId}>
                <Checkbox
                  label={i.hshItemLabel}
                  checked={field.value.includes(i.hshItemId)}
                  onChange={(e) =>
                    field.onChange(
                      e.target.checked ? [...field.value, i.hshItemId] : field.value.filter((x) => x !== i.hshItemId),
                    )
                  }
                />
              </li>
            ))}
          </ul>
        )}
      />
      {error && <Alert>{error}</Alert>}
      <div>
        <Button size="lg" onClick={() => void form.handleSubmit(take)()} disabled={pending || !chosen}>
          Take Selected Checklists
        </Button>
      </div>
    </>
  );
}
