/**
 * The one source of the web app's breakpoints, for TypeScript and CSS alike. Each value is the widest viewport (CSS
 * pixels) of the smaller layout; the larger one starts a pixel later.
 *
 * TypeScript asks `useBreakpoint(name)` (lib/use-media-query.ts). CSS writes the custom media queries this file
 * defines, `@media (--narrow)` for 1250px and less and `@media (--above-narrow)` for 1251px and more: the build
 * (vite.config.ts) replaces them with these values and refuses a width written by hand in a media query.
 */
const breakpoints = {
  /** Phones: the mobile layouts of the terms, the reference form, the header and the profile modals (800px and less). */
  phone: 800,
  /** List or details, not side by side: job search, favorites, timesheets, submitted jobs, profile cards (1250px and less). */
  narrow: 1250,
  /** E-documents in one column (1249px and less); two columns from 1250px. */
  documentsOneColumn: 1249,
  /** The date picker's full-screen touch calendar (1251px and less); a popover from 1252px. */
  touchCalendar: 1251,
  /** Form fields in one column (699px and less); two columns from 700px. */
  formOneColumn: 699,
  /** Small phones: full-width modals, less page padding, stacked dialog rows and job headers (600px and less). */
  smallPhone: 600,
  /** The offer details' label-value pairs stacked (500px and less). */
  offerDetailsStacked: 500,
  /** Side-by-side form fields stacked (480px and less). */
  formRowsStacked: 480,
  /** The header without the clinician's name (420px and less). */
  headerWithoutName: 420,
  /** Dashboard cards in one column (400px and less). */
  dashboardOneColumn: 400,
} as const;

export type Breakpoint = keyof typeof breakpoints;

/** The media query of the smaller layout of a breakpoint: its width and less. */
export const atMost = (name: Breakpoint) => `(max-width: ${breakpoints[name]}px)`;
/** The media query of the larger layout of a breakpoint: a pixel wider and more. */
const above = (name: Breakpoint) => `(min-width: ${breakpoints[name] + 1}px)`;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The custom media queries CSS may use: '--narrow' and '--above-narrow' for each breakpoint. */
export const customMedia: Readonly<Record<string, string>> = Object.fromEntries(
  (Object.keys(breakpoints) as Breakpoint[]).flatMap((name) => [
    [`--${kebab(name)}`, atMost(name)],
    [`--above-${kebab(name)}`, above(name)],
  ]),
);
