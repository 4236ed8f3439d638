import { Controller } from 'react-hook-form';
import {
  asksConvictionQuestions,
  backgroundQuestions,
  needsInternationalApplication,
  type backgroundFormSchema,
} from '@hcp/contracts';
import { agency } from '../../config/agency.ts';
import { ExternalLink } from '../ui/external-link.tsx';
import { DatePicker } from '../ui/date-picker.tsx';
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
 * dates after a yes to the military question, and a statement link after a yes to Q5-Q9. The shown questions are
 * numbered 1, 2, 3... as they appear: a hidden question leaves no gap that hints at what was not asked. The statement
 * mail names its question by its text, which means the same to the clinician and to compliance.
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
      {visible.map((x, shown) => (
        <div key={x.key} className={styles.question}>
          <p className={styles.questionText}>
            {shown + 1}. {x.text} *
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
              <Controller
                control={form.control}
                name="militaryStartDate"
                render={({ field }) => (
                  <DatePicker
                    label="Service start date"
                    required
                    name={field.name}
                    value={field.value ?? ''}
                    error={fieldError(form, 'militaryStartDate')}
                    onChange={(v) => {
                      field.onChange(v || null);
                      field.onBlur();
                      void form.trigger('militaryEndDate');
                    }}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="militaryEndDate"
                render={({ field }) => (
                  <DatePicker
                    label="Service end date"
                    name={field.name}
                    value={field.value ?? ''}
                    error={fieldError(form, 'militaryEndDate')}
                    onChange={(v) => {
                      field.onChange(v || null);
                      field.onBlur();
                    }}
                  />
                )}
              />
            </div>
          )}
          {x.statementOnYes && a[x.key] === true && (
            <div className={styles.prompt}>
              Please send us a short statement explaining your answer.{' '}
              <a
                href={`mailto:${complianceMail}?subject=${encodeURIComponent(`Background question statement: ${x.text}`)}`}
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
