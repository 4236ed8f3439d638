/**
 * The skills-competency vendor's checklists, under the vendor's own ids and labels. Every clinician takes the core
 * ones; the others are offered to a clinician whose employment history lists one of their specialties (ids of the
 * shipped specialty list), so the page's "chosen for you" holds.
 */
interface SkillsChecklist {
  hshItemId: number;
  hshItemLabel: string;
  /** Specialty ids that call for it; absent for the core checklists every clinician takes. */
  specialties?: readonly number[];
}

const CATALOG: readonly SkillsChecklist[] = [
  { hshItemId: 101, hshItemLabel: 'Core Mandatory Part I' },
  { hshItemId: 102, hshItemLabel: 'Core Mandatory Part II' },
  { hshItemId: 105, hshItemLabel: 'Infection Control' },
  { hshItemId: 106, hshItemLabel: 'Patient Rights and Safety' },
  { hshItemId: 103, hshItemLabel: 'Medical-Surgical Skills Checklist', specialties: [2, 30] },
  { hshItemId: 104, hshItemLabel: 'Telemetry Skills Checklist', specialties: [3, 11] },
  { hshItemId: 107, hshItemLabel: 'Critical Care (ICU) Skills Checklist', specialties: [1, 10, 25, 26] },
  { hshItemId: 108, hshItemLabel: 'Emergency Department Skills Checklist', specialties: [4, 85] },
  { hshItemId: 109, hshItemLabel: 'Labor and Delivery Skills Checklist', specialties: [5, 18, 27] },
  { hshItemId: 110, hshItemLabel: 'Perioperative Skills Checklist', specialties: [6, 7, 19, 65, 66, 73] },
  { hshItemId: 111, hshItemLabel: 'Neonatal and Pediatric Critical Care Skills Checklist', specialties: [8, 9, 51] },
  { hshItemId: 112, hshItemLabel: 'Pediatrics Skills Checklist', specialties: [23] },
  { hshItemId: 113, hshItemLabel: 'Oncology and Infusion Skills Checklist', specialties: [12, 31] },
  {
    hshItemId: 114,
    hshItemLabel: 'Cardiac Cath Lab and Interventional Skills Checklist',
    specialties: [13, 24, 68, 71, 72],
  },
  { hshItemId: 115, hshItemLabel: 'Behavioral Health Skills Checklist', specialties: [15, 41] },
  { hshItemId: 116, hshItemLabel: 'Dialysis Skills Checklist', specialties: [14] },
  { hshItemId: 117, hshItemLabel: 'Respiratory Therapy Skills Checklist', specialties: [50, 51] },
];

/** Every checklist id the vendor knows (an assignment may name any of them). */
export const skillsChecklistIds: ReadonlySet<number> = new Set(CATALOG.map((c) => c.hshItemId));

/** The checklists offered to a clinician with these specialties: the core ones, then those of their specialties. */
export function skillsChecklistsFor(specialtyIds: readonly number[]): { hshItemId: number; hshItemLabel: string }[] {
  const mine = new Set(specialtyIds);
  return CATALOG.filter((c) => !c.specialties || c.specialties.some((s) => mine.has(s))).map((c) => ({
    hshItemId: c.hshItemId,
    hshItemLabel: c.hshItemLabel,
  }));
}

/** The labels of checklist ids, in catalog order. */
export function skillsChecklistLabels(ids: readonly number[]): string[] {
  return CATALOG.filter((c) => ids.includes(c.hshItemId)).map((c) => c.hshItemLabel);
}
