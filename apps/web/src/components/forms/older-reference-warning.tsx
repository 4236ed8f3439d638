import { applicationMessages, endedBeforeReferenceWindow } from '@hcp/contracts';
import layout from './form-layout.module.css';

/** When the employment a reference is chosen from ended (null month and year: still going on). */
export interface EmploymentEnd {
  endMonth: number | null;
  endYear: number | null;
}

/**
 * A reference from a job left more than two years ago is allowed, with a warning: the agency asks for references
 * from the last two years. Shown under the facility choice of the references step and of the profile's modal.
 */
export function OlderReferenceWarning({ ended }: { ended: EmploymentEnd | null | undefined }) {
  if (!ended || !endedBeforeReferenceWindow(ended.endMonth, ended.endYear, new Date())) return null;
  return (
    <p className={`${layout.full} ${layout.warning}`} role="status">
      {applicationMessages.olderReference}
    </p>
  );
}
