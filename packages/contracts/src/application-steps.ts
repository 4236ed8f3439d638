/**
 * The application step map: which steps exist under which flags, and in which order. The screens name the steps
 * but nothing else writes the map down, so it is designed here and recorded in
 * docs/decisions/0011-application-step-map-and-progress.md. Pure data plus pure functions, shared by the
 * web flow, its route guard, the dashboard progress panel and the server's submission check.
 */

/** Completed-step names as the server stores and answers them (clients compare these exact texts). */
export const STEP = {
  started: 'Started',
  applicationDocuments: 'Application Documents',
  background: 'Background',
  address: 'Address',
  license: 'License Info',
  education: 'Education',
  employment: 'Employment',
  references: 'References',
  certifications: 'Certifications',
  identification: 'Identification',
  skillsChecklist: 'Skills Checklist',
  skillsChecklistSummary: 'Skills Checklist Summary',
  eeo: 'Equal Employment Opportunity Self-Identification',
  terms: 'Terms and Conditions',
} as const;
export type StepName = (typeof STEP)[keyof typeof STEP];
export const stepNames: readonly StepName[] = Object.values(STEP);

/** Accepts 'Skills_Checklist_Summary' as well as 'Skills Checklist Summary' (any case); null if unknown. */
export function canonicalStepName(value: string): StepName | null {
  const norm = value.replace(/_/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
  return stepNames.find((s) => s.toLowerCase() === norm) ?? null;
}

export interface ApplicationFlowFlags {
  skillsChecklist: boolean;
  termsFirst: boolean;
}

/** The two flags of the flow, read from the feature-flag answer. */
export function flowFlags(flags: {
  HcpApplication_SkillsChecklist_IsEnabled: boolean;
  Terms_First: boolean;
}): ApplicationFlowFlags {
  return { skillsChecklist: flags.HcpApplication_SkillsChecklist_IsEnabled, termsFirst: flags.Terms_First };
}

export interface ApplicationStep {
  /** The route of the step. */
  path: string;
  /** Page title. */
  title: string;
  /** The completed-step name that marks it done. */
  stepName: StepName;
  /** A counted section of the progress panel ('N of 9/10 Sections Completed'). */
  section: boolean;
  /** False for a step that may be skipped for now: it does not block the steps after it. */
  blocking: boolean;
}

const S = (path: string, title: string, stepName: StepName, section = true, blocking = true): ApplicationStep => ({
  path,
  title,
  stepName,
  section,
  blocking,
});

const getStarted = S('/apply-now', 'Get Started', STEP.started, false);
const applicationDocuments = S(
  '/application-documents',
  'Application Documents',
  STEP.applicationDocuments,
  true,
  false,
);
const core = [
  S('/background-questions', 'Background Questions', STEP.background),
  S('/permanent-address', 'Permanent Address', STEP.address),
  S('/license-info', 'Primary License Info', STEP.license),
  S('/education-info', 'Education', STEP.education),
  S('/employment-history', 'Employment History', STEP.employment),
  S('/references', 'References', STEP.references),
  S('/certifications', 'Certifications', STEP.certifications),
];
const skills = [
  S('/skills-checklist', 'Skills Checklist', STEP.skillsChecklist, false),
  S('/skills-checklist-summary', 'Skills Checklist Summary', STEP.skillsChecklistSummary),
];
const identification = S('/identification-info', 'Identification', STEP.identification);
const terms = S('/terms-and-conditions', 'Terms and Conditions', STEP.terms);

/**
 * The ordered steps for a flag combination:
 * - default: Get Started, Background .. Certifications, [Skills Checklist, Summary], Identification, Terms and Conditions
 * - terms first: Get Started, Application Documents, Background .. Certifications, [Skills ...], Identification
 *   (Identification submits once Application Documents is complete; /terms-and-conditions is not a step).
 */
export function applicationStepMap(flags: ApplicationFlowFlags): ApplicationStep[] {
  return [
    getStarted,
    ...(flags.termsFirst ? [applicationDocuments] : []),
    ...core,
    ...(flags.skillsChecklist ? skills : []),
    identification,
    ...(flags.termsFirst ? [] : [terms]),
  ];
}

/** Every application route, whatever the flags (the route table registers them all). */
export const allApplicationSteps: ApplicationStep[] = [
  getStarted,
  applicationDocuments,
  ...core,
  ...skills,
  identification,
  terms,
];

const has = (completed: readonly string[], step: ApplicationStep) => completed.includes(step.stepName);

/**
 * Route guard rule: a step is reachable when it is already complete or every blocking step before it
 * is complete. A path outside the map for these flags is never reachable.
 */
export function isStepReachable(path: string, completed: readonly string[], flags: ApplicationFlowFlags): boolean {
  const map = applicationStepMap(flags);
  const i = map.findIndex((s) => s.path === path.toLowerCase().replace(/\/+$/, ''));
  if (i < 0) return false;
  if (has(completed, map[i]!)) return true;
  return map.slice(0, i).every((s) => !s.blocking || has(completed, s));
}

/** The first step not yet complete (where 'Continue TRS Application' and a blocked route lead); null when all are. */
export function nextApplicationStep(completed: readonly string[], flags: ApplicationFlowFlags): ApplicationStep | null {
  return applicationStepMap(flags).find((s) => !has(completed, s)) ?? null;
}

/**
 * Where Next leads from a step: the step after it in the map, or, at the end of the map, the first
 * incomplete step (null = nothing left: submit and go to the dashboard).
 */
export function stepAfter(
  path: string,
  completed: readonly string[],
  flags: ApplicationFlowFlags,
): ApplicationStep | null {
  const map = applicationStepMap(flags);
  const i = map.findIndex((s) => s.path === path);
  if (i >= 0 && i + 1 < map.length) return map[i + 1]!;
  return nextApplicationStep(completed, flags);
}

export function stepBefore(path: string, flags: ApplicationFlowFlags): ApplicationStep | null {
  const map = applicationStepMap(flags);
  const i = map.findIndex((s) => s.path === path);
  return i > 0 ? map[i - 1]! : null;
}

/** 9 sections, or 10 with the skills checklist (its summary is a counted section). */
export function applicationSectionCount(flags: ApplicationFlowFlags): number {
  return applicationStepMap(flags).filter((s) => s.section).length;
}

/**
 * 'Section N of M' of a step page, or null for a page that is no section (Get Started). The skills checklist and its
 * summary are one section (the summary is the counted step): both pages show its number. With terms first,
 * Application Documents is section 1.
 */
export function sectionOf(path: string, flags: ApplicationFlowFlags): { number: number; count: number } | null {
  const sections = applicationStepMap(flags).filter((s) => s.section);
  const wanted = path === skills[0]!.path ? skills[1]!.path : path;
  const i = sections.findIndex((s) => s.path === wanted);
  return i < 0 ? null : { number: i + 1, count: sections.length };
}

export interface ApplicationSection {
  number: number;
  /** The section's name (the skills checklist's, not its summary's). */
  title: string;
  stepName: StepName;
  /** Where the section starts (the checklist, for the skills section). */
  path: string;
  /** Where a completed section is reviewed (the summary, for the skills section: the checklist is not taken twice). */
  reviewPath: string;
}

/** The counted sections of the application in order, for the overview of the application's state. */
export function applicationSections(flags: ApplicationFlowFlags): ApplicationSection[] {
  return applicationStepMap(flags)
    .filter((s) => s.section)
    .map((s, i) => {
      const isSkills = s.path === skills[1]!.path;
      return {
        number: i + 1,
        title: isSkills ? skills[0]!.title : s.title,
        stepName: s.stepName,
        path: isSkills ? skills[0]!.path : s.path,
        reviewPath: s.path,
      };
    });
}

export function completedSectionCount(completed: readonly string[], flags: ApplicationFlowFlags): number {
  return applicationStepMap(flags).filter((s) => s.section && has(completed, s)).length;
}

/**
 * Steps that must be complete before the application can be submitted. The submission itself marks
 * Terms and Conditions (default flow); in the terms-first flow Application Documents is required.
 */
export function requiredStepsForSubmission(flags: ApplicationFlowFlags): StepName[] {
  return applicationStepMap(flags)
    .filter((s) => s.stepName !== STEP.started && s.stepName !== STEP.terms)
    .map((s) => s.stepName);
}

/** Identification's button reads 'Submit Application' in the terms-first flow once Application Documents is complete. */
export function identificationSubmits(completed: readonly string[], flags: ApplicationFlowFlags): boolean {
  return flags.termsFirst && completed.includes(STEP.applicationDocuments);
}
