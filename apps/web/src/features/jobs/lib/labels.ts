import type { MatchTypes, SortKey } from '@hcp/contracts';

/** The UI texts of the job screens, kept in one place so the screens and their tests read the same words. */
export const SORT_LABELS: { value: SortKey; label: string }[] = [
  { value: 'preference', label: 'Preference: Exact to Close Match' },
  { value: 'pay', label: 'Pay: High to Low' },
  { value: 'shiftsDesc', label: 'Number of Shifts: High to Low' },
  { value: 'shiftsAsc', label: 'Number of Shifts: Low to High' },
];

/** 1 Days, 2 Nights, 3 Days or Nights; any other value is treated as Days or Nights. */
export function shiftCategoryText(id: number | null | undefined): string {
  if (id === 1) return 'Day Shift';
  if (id === 2) return 'Night Shift';
  return 'Day or Night Shift';
}

export function openingsLabel(n: number): string {
  return `${n} ${n === 1 ? 'Opening' : 'Openings'}`;
}

/** 'Close Match' when any match type is CloseMatch, otherwise 'Exact Match!'. */
export function matchLabel(
  m: Pick<MatchTypes, 'specialty' | 'shiftsPerWeek' | 'location' | 'discipline'>,
): 'Close Match' | 'Exact Match!' {
  return [m.specialty, m.shiftsPerWeek, m.location, m.discipline].includes('CloseMatch')
    ? 'Close Match'
    : 'Exact Match!';
}
