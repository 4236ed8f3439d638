import { asksConvictionQuestions, backgroundQuestions, needsInternationalApplication, type BackgroundAnswers } from '@hcp/contracts';
import { agency } from '../../config/agency.ts';
import { TextField } from '../ui/field.tsx';
import { Toggle, yesNo } from '../ui/toggle.tsx';
import styles from './form-layout.module.css';

const complianceMail = `compliance@${new URL(agency.homeSiteUrl).hostname.replace(/^www\./, '')}`;

/**
 * The ten background questions (spec 02 sections 4 and 5), the same in the application step and on
 * /update-background-questions: Q2 only when Q1 is no, the international-application prompt when both are no, service
 * dates after a yes to the military question, and a statement link after a yes to Q5-Q9. Questions keep their
 * numbers when one is hidden, so 'question 6' means the same thing to the clinician and to compliance.
 */
export function BackgroundQuestionList({
  answers: a,
  onAnswer,
  portalName,
}: {
  answers: BackgroundAnswers;
  onAnswer: <K extends keyof BackgroundAnswers>(key: K, value: BackgroundAnswers[K]) => void;
  /** How the international prompt names what the clinician is filling in ('application', 'portal'). */
  portalName: string;
}) {
  const international = needsInternationalApplication(a);
  const visible = backgroundQuestions.filter((x) => {
    if (x.key === 'isAuthorizedToWorkInUs') return a.isUsCitizen === false;
    if (x.key === 'convicted' || x.key === 'hasHadMisconductActivity') return asksConvictionQuestions(a);
    return true;
  });
  return (
    <>
      {visible.map((x) => (
        <div key={x.key} className={styles.question}>
          <p className={styles.questionText}>
            {x.n}. {x.text} *
          </p>
          <Toggle label={x.text} options={yesNo} value={a[x.key] as boolean | null} onChange={(v) => onAnswer(x.key, v as never)} />
          {x.key === 'isAuthorizedToWorkInUs' && international && (
            <div className={styles.prompt} role="status">
              This {portalName} is for clinicians who can already work in the United States. Please complete our{' '}
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
                onChange={(e) => onAnswer('militaryStartDate', e.target.value || null)}
              />
              <TextField
                label="Service end date"
                type="date"
                value={a.militaryEndDate ?? ''}
                min={a.militaryStartDate ?? undefined}
                onChange={(e) => onAnswer('militaryEndDate', e.target.value || null)}
                error={a.militaryEndDate && a.militaryStartDate && a.militaryEndDate < a.militaryStartDate ? 'The end date cannot be before the start date' : null}
              />
            </div>
          )}
          {x.statementOnYes && a[x.key] === true && (
            <div className={styles.prompt}>
              Please send us a short statement explaining your answer.{' '}
              <a href={`mailto:${complianceMail}?subject=${encodeURIComponent(`Background question ${x.n} statement`)}`}>Submit Statement</a>
            </div>
          )}
        </div>
      ))}
    </>
  );
}
