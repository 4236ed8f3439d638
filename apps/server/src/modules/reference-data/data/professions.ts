export interface Profession {
  id: number;
  name: string;
  /** Position in the 'Most Common' group (1..5); null for all other professions. */
  webOrder: number | null;
  isAllied: boolean;
  specialtyIds: number[];
}

/** Default profession (Registered Nurse). */
export const DEFAULT_PROFESSION_ID = 13;

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const professions: Profession[] = [
  {
    id: 1,
    name: 'Licensed Practical Nurse',
    webOrder: 4,
    isAllied: false,
    specialtyIds: [2, 14, 15, 16, 17, 29, 32, 33],
  },
  { id: 2, name: 'Certified Nursing Assistant', webOrder: null, isAllied: false, specialtyIds: [34, 29, 16, 17] },
  { id: 3, name: 'Nurse Practitioner', webOrder: null, isAllied: false, specialtyIds: [40, 41, 42] },
  { id: 4, name: 'Certified Registered Nurse Anesthetist', webOrder: null, isAllied: false, specialtyIds: [43] },
  { id: 5, name: 'Respiratory Therapist', webOrder: 3, isAllied: true, specialtyIds: [50, 51] },
  { id: 6, name: 'Physical Therapist', webOrder: 5, isAllied: true, specialtyIds: [52, 53, 54, 55] },
  { id: 7, name: 'Physical Therapist Assistant', webOrder: null, isAllied: true, specialtyIds: [56, 57] },
  { id: 8, name: 'Occupational Therapist', webOrder: null, isAllied: true, specialtyIds: [58, 59, 60] },
  { id: 9, name: 'Certified Occupational Therapy Assistant', webOrder: null, isAllied: true, specialtyIds: [61] },
  { id: 10, name: 'Speech-Language Pathologist', webOrder: null, isAllied: true, specialtyIds: [62, 63, 64] },
  { id: 11, name: 'Surgical Technologist', webOrder: 2, isAllied: true, specialtyIds: [65, 66] },
  { id: 12, name: 'Radiologic Technologist', webOrder: null, isAllied: true, specialtyIds: [67, 68] },
  // Registered Nurse: every nursing specialty 1..33.
  { id: 13, name: 'Registered Nurse', webOrder: 1, isAllied: false, specialtyIds: range(1, 33) },
  { id: 14, name: 'CT Technologist', webOrder: null, isAllied: true, specialtyIds: [69] },
  { id: 15, name: 'MRI Technologist', webOrder: null, isAllied: true, specialtyIds: [70] },
  { id: 16, name: 'Cardiovascular Technologist', webOrder: null, isAllied: true, specialtyIds: [72, 79, 80] },
  { id: 17, name: 'Cath Lab Technologist', webOrder: null, isAllied: true, specialtyIds: [71, 72] },
  { id: 18, name: 'Sterile Processing Technician', webOrder: null, isAllied: true, specialtyIds: [73] },
  { id: 19, name: 'Medical Laboratory Scientist', webOrder: null, isAllied: true, specialtyIds: [74, 75] },
  { id: 20, name: 'Pharmacist', webOrder: null, isAllied: true, specialtyIds: [76] },
  { id: 21, name: 'Pharmacy Technician', webOrder: null, isAllied: true, specialtyIds: [77] },
  { id: 22, name: 'Sonographer', webOrder: null, isAllied: true, specialtyIds: [78, 79, 80] },
  { id: 23, name: 'Nuclear Medicine Technologist', webOrder: null, isAllied: true, specialtyIds: [81] },
  { id: 24, name: 'Mammography Technologist', webOrder: null, isAllied: true, specialtyIds: [82] },
  { id: 25, name: 'Registered Dietitian', webOrder: null, isAllied: true, specialtyIds: [83] },
  { id: 26, name: 'Paramedic', webOrder: null, isAllied: true, specialtyIds: [84] },
  { id: 27, name: 'Emergency Department Technician', webOrder: null, isAllied: true, specialtyIds: [85] },
  { id: 28, name: 'Polysomnographic Technologist', webOrder: null, isAllied: true, specialtyIds: [86] },
];

export const professionById: ReadonlyMap<number, Profession> = new Map(professions.map((p) => [p.id, p]));
