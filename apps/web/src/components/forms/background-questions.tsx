import { Controller } from 'react-hook-form';
import {
  asksConvictionQuestions,
  backgroundQuestions,
  needsInternationalApplication,
  type backgroundFormSchema,
} from '@hcp/contracts';
import { agency } from '../../config/agency.ts';
import { ExternalLink } from '../ui/external-link.tsx';
import { TextField } from '../ui/field.tsx';
import { fieldError, type ZodForm } from '../ui/form.tsx';
import { Toggle, yesNo } from '../ui/toggle.tsx';
import styles from './form-layout.module.css';

const complianceMail = `compliance@${new URL(agency.homeSiteUrl).hostname.replace(/^www\./, '')}`;

export type BackgroundForm = ZodForm<typeof backgroundFormSchema>;
/** The background form's mode: the service end date's message follows every change of either date. */
export const backgroundFormMode = 'onChange';

/**
 * The ten background questions, the same in the application step and on
 * /update-background-questions: Q2 only when Q1 is no, the international-application prompt when both are no, service
 * dates after a yes to the military question, and a statement link after a yes to Q5-Q9. Questions keep their
 * numbers when one is hidden, so 'question 6' means the same thing to the clinician and to compliance.
 */
export function BackgroundQuestionList({
  form,
  portalName,
}: {
  /** A form of backgroundFormSchema (useZodForm with backgroundFormMode). */
  form: BackgroundForm;
  /** How the international prompt names what the clinician is filling in ('application', 'portal'). */
  portalName: string;
}) {
  const a = form.watch();
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
          <Controller
            control={form.control}
            name={x.key}
            render={({ field }) => (
              <Toggle label={x.text} options={yesNo} value={field.value as boolean | null} onChange={field.onChange} />
            )}
          />
          {x.key === 'isAuthorizedToWorkInUs' && international && (
            <div className={styles.prompt} role="status">
              This {portalName} is for clinicians who can already work in the United States. Please complete our{' '}
              <ExternalLink href={`${agency.homeSiteUrl}/international-nurses`}>international application</ExternalLink>{' '}
              instead.
            </div>
          )}
          {x.key === 'hasMilitaryService' && a.hasMilitaryService && (
            <div className={styles.grid}>
              <TextField
                label="Service start date"
                type="date"
                required
                {...form.register('militaryStartDate', {
                  setValueAs: (v: string | null) => v || null,
                  deps: ['militaryEndDate'],
                })}
              />
              <TextField
                label="Service end date"
                type="date"
                min={a.militaryStartDate ?? undefined}
                error={fieldError(form, 'militaryEndDate')}
                {...form.register('militaryEndDate', { setValueAs: (v: string | null) => v || null })}
              />
            </div>
          )}
          {x.statementOnYes && a[x.key] === true && (
            <div className={styles.prompt}>
              Please send us a short statement explaining your answer.{' '}
              <a
                href={`mailto:${complianceMail}?subject=${encodeURIComponent(`Background question ${x.n} statement`)}`}
              >
                Submit Statement
              </a>
            </div>
          )}
        </div>
      ))}
    </>
  );
}
