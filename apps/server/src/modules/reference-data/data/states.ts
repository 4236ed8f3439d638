export interface State {
  id: number;
  name: string;
  abbreviation: string;
  /** Member of the Nurse Licensure Compact (multistate RN/LPN license accepted). */
  isCompact: boolean;
}

export interface Province {
  name: string;
  abbreviation: string;
}

/**
 * Nurse Licensure Compact (NLC) membership, per the NCSBN NLC map (nursecompact.com) as known
 * in 2025: 41 member states. Members whose implementation is partial or still pending
 * (Connecticut and Massachusetts enacted in 2024; Pennsylvania partially implemented until
 * 2025) are counted as compact here. Non-members: AK, CA, DC, HI, IL, MI, MN, NV, NY, OR.
 * Guam and the U.S. Virgin Islands are NLC members too but are territories, not listed here.
 */
const NON_COMPACT = new Set(['AK', 'CA', 'DC', 'HI', 'IL', 'MI', 'MN', 'NV', 'NY', 'OR']);

const STATE_LIST: Array<[name: string, abbreviation: string]> = [
  ['Alabama', 'AL'],
  ['Alaska', 'AK'],
  ['Arizona', 'AZ'],
  ['Arkansas', 'AR'],
  ['California', 'CA'],
  ['Colorado', 'CO'],
  ['Connecticut', 'CT'],
  ['Delaware', 'DE'],
  ['District of Columbia', 'DC'],
  ['Florida', 'FL'],
  ['Georgia', 'GA'],
  ['Hawaii', 'HI'],
  ['Idaho', 'ID'],
  ['Illinois', 'IL'],
  ['Indiana', 'IN'],
  ['Iowa', 'IA'],
  ['Kansas', 'KS'],
  ['Kentucky', 'KY'],
  ['Louisiana', 'LA'],
  ['Maine', 'ME'],
  ['Maryland', 'MD'],
  ['Massachusetts', 'MA'],
  ['Michigan', 'MI'],
  ['Minnesota', 'MN'],
  ['Mississippi', 'MS'],
  ['Missouri', 'MO'],
  ['Montana', 'MT'],
  ['Nebraska', 'NE'],
  ['Nevada', 'NV'],
  ['New Hampshire', 'NH'],
  ['New Jersey', 'NJ'],
  ['New Mexico', 'NM'],
  ['New York', 'NY'],
  ['North Carolina', 'NC'],
  ['North Dakota', 'ND'],
  ['Ohio', 'OH'],
  ['Oklahoma', 'OK'],
  ['Oregon', 'OR'],
  ['Pennsylvania', 'PA'],
  ['Rhode Island', 'RI'],
  ['South Carolina', 'SC'],
  ['South Dakota', 'SD'],
  ['Tennessee', 'TN'],
  ['Texas', 'TX'],
  ['Utah', 'UT'],
  ['Vermont', 'VT'],
  ['Virginia', 'VA'],
  ['Washington', 'WA'],
  ['West Virginia', 'WV'],
  ['Wisconsin', 'WI'],
  ['Wyoming', 'WY'],
];

/** 50 states + DC; ids 1..51 in alphabetical order of name. */
export const states: State[] = STATE_LIST.map(([name, abbreviation], i) => ({
  id: i + 1,
  name,
  abbreviation,
  isCompact: !NON_COMPACT.has(abbreviation),
}));

export const stateByAbbreviation: ReadonlyMap<string, State> = new Map(states.map((s) => [s.abbreviation, s]));

/** Canadian provinces and territories (Canada Post abbreviations), for mailing addresses. */
export const canadianProvinces: Province[] = [
  { name: 'Alberta', abbreviation: 'AB' },
  { name: 'British Columbia', abbreviation: 'BC' },
  { name: 'Manitoba', abbreviation: 'MB' },
  { name: 'New Brunswick', abbreviation: 'NB' },
  { name: 'Newfoundland and Labrador', abbreviation: 'NL' },
  { name: 'Northwest Territories', abbreviation: 'NT' },
  { name: 'Nova Scotia', abbreviation: 'NS' },
  { name: 'Nunavut', abbreviation: 'NU' },
  { name: 'Ontario', abbreviation: 'ON' },
  { name: 'Prince Edward Island', abbreviation: 'PE' },
  { name: 'Quebec', abbreviation: 'QC' },
  { name: 'Saskatchewan', abbreviation: 'SK' },
  { name: 'Yukon', abbreviation: 'YT' },
];
