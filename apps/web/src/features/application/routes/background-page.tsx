import { useEffect, useState } from 'react';
import {
  asksConvictionQuestions,
  backgroundProblems,
  backgroundQuestions,
  emptyBackgroundAnswers,
  needsInternationalApplication,
  normalizeBackground,
  type BackgroundAnswers,
} from '@hcp/contracts';
import { Toggle, yesNo } from '../../../components/ui/toggle.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { agency } from '../../../config/agency.ts';
import { StepFrame } from '../components/step-frame.tsx';
import { saveBackground, useBackground } from '../api/forms.ts';
import styles from '../components/application.module.css';

/** /background-questions (spec 02 sections 4 and 5). */
export default function BackgroundPage() {
  const q = useBackground();
  const [a, setA] = useState<BackgroundAnswers>(emptyBackgroundAnswers);
  useEffect(() => {
    if (q.data) setA(q.data);
  }, [q.data]);
  const set = <K extends keyof BackgroundAnswers>(k: K, v: BackgroundAnswers[K]) => setA((s) => ({ ...s, [k]: v }));
  const international = needsInternationalApplication(a);
  const complete = backgroundProblems(a).length === 0 && !international;

  if (q.isPending) return <Spinner />;
  const visible = backgroundQuestions.filter((x) => {
    if (x.key === 'isAuthorizedToWorkInUs') return a.isUsCitizen === false;
    if (x.key === 'convicted' || x.key === 'hasHadMisconductActivity') return asksConvictionQuestions(a);
    return true;
  });
  return (
    <StepFrame canProceed={complete} onSave={() => saveBackground(normalizeBackground(a))}>
      <p>Please answer every question. Answering yes does not by itself disqualify you; we may ask for a short statement.</p>
      {visible.map((x, i) => (
        <div key={x.key} className={styles.question}>
          <p className={styles.questionText} id={`q-${x.key}`}>
            {i + 1}. {x.text} *
          </p>
          <Toggle label={x.text} options={yesNo} value={a[x.key] as boolean | null} onChange={(v) => set(x.key, v as never)} />
          {x.key === 'isAuthorizedToWorkInUs' && international && (
            <div className={styles.prompt} role="status">
              This application is for clinicians who can already work in the United States. Please complete our{' '}
              <a href={`${agency.homeSiteUrl}/international-nurses`} target="_blank" rel="noreferrer">
                international application
              </a>{' '}
              instead.
            </div>
          )}
          {x.key === 'hasMilitaryService' && a.hasMilitaryService && (
            <div className={styles.grid}>
              <TextField
                label="Service start date"
                type="date"
                required
                value={a.militaryStartDate ?? ''}
                onChange={(e) => set('militaryStartDate', e.target.value || null)}
              />
              <TextField
                label="Service end date"
                type="date"
                value={a.militaryEndDate ?? ''}
                min={a.militaryStartDate ?? undefined}
                onChange={(e) => set('militaryEndDate', e.target.value || null)}
                error={a.militaryEndDate && a.militaryStartDate && a.militaryEndDate < a.militaryStartDate ? 'The end date cannot be before the start date' : null}
              />
            </div>
          )}
          {x.statementOnYes && a[x.key] === true && (
            <div className={styles.prompt}>
              Please send us a short statement explaining your answer.{' '}
              <a href={`mailto:compliance@${new URL(agency.homeSiteUrl).hostname.replace(/^www\./, '')}?subject=${encodeURIComponent(`Background question ${i + 1} statement`)}`}>
                Submit Statement
              </a>
            </div>
          )}
        </div>
      ))}
    </StepFrame>
  );
}
