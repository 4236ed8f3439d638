import { Link } from 'react-router';
import {
  applicationSections,
  isStepReachable,
  nextApplicationStep,
  sectionOf,
  type ApplicationFlowFlags,
  type ApplicationSection,
} from '@hcp/contracts';
import { useCompletedSteps } from '../../../lib/application-steps.ts';
import { useFlowFlags } from '../api/steps.ts';
import styles from './application.module.css';

type SectionState = 'completed' | 'current' | 'open' | 'locked';
const stateText: Record<SectionState, string> = {
  completed: 'Completed',
  current: 'You are here',
  open: 'Not completed',
  locked: 'Not started',
};

function stateOf(
  s: ApplicationSection,
  path: string,
  completed: readonly string[],
  flags: ApplicationFlowFlags,
): SectionState {
  if (s.path === path || s.reviewPath === path) return 'current';
  if (completed.includes(s.stepName)) return 'completed';
  return isStepReachable(s.path, completed, flags) ? 'open' : 'locked';
}

/**
 * The application's sections with their state, the one on screen marked: every section the clinician may open
 * (completed, or next in line) is a link, so they can look back at any completed section. Shown folded on every
 * step page and open on Get Started.
 */
export function ApplicationOverview({ path, open = false }: { path: string; open?: boolean }) {
  const { flags } = useFlowFlags();
  const completed = useCompletedSteps().data ?? [];
  const sections = applicationSections(flags);
  const done = sections.filter((s) => completed.includes(s.stepName)).length;
  return (
    <details className={styles.overview} open={open || undefined}>
      <summary>
        All sections ({done} of {sections.length} completed)
      </summary>
      <nav aria-label="Application sections">
        <ol className={styles.overviewList}>
          {sections.map((s) => {
            const state = stateOf(s, path, completed, flags);
            const label = `${s.number}. ${s.title}`;
            return (
              <li key={s.stepName} className={styles[`section-${state}`]}>
                {state === 'completed' || state === 'open' ? (
                  <Link to={state === 'completed' ? s.reviewPath : s.path}>{label}</Link>
                ) : (
                  <span aria-current={state === 'current' ? 'step' : undefined}>{label}</span>
                )}
                <span className={styles.sectionState}>{stateText[state]}</span>
              </li>
            );
          })}
        </ol>
      </nav>
    </details>
  );
}

/**
 * 'Section N of M' of a step page, the overview of all sections, and, on a section already completed, the way back
 * to where the clinician left off (the first step not yet complete).
 */
export function ApplicationProgress({ path }: { path: string }) {
  const { flags } = useFlowFlags();
  const steps = useCompletedSteps();
  const section = sectionOf(path, flags);
  if (!section) return null;
  const completed = steps.data ?? [];
  const resume = nextApplicationStep(completed, flags);
  const here = applicationSections(flags).find((s) => s.number === section.number);
  const revisiting = !!here && completed.includes(here.stepName) && !!resume && resume.path !== path;
  return (
    <div className={styles.progressBar}>
      <p className={styles.progress}>
        Section {section.number} of {section.count}
      </p>
      {revisiting && (
        <p className={styles.resume}>
          <Link to={resume.path}>Continue where you left off: {resume.title}</Link>
        </p>
      )}
      <ApplicationOverview path={path} />
    </div>
  );
}
