/**
 * The agency's identity and outside links. Set at build time through VITE_AGENCY_* variables
 * (see README); the defaults describe the demo agency.
 */
const env = import.meta.env;

export const agency = {
  name: env.VITE_AGENCY_NAME ?? 'TRS Healthcare',
  shortName: env.VITE_AGENCY_SHORT_NAME ?? 'TRS',
  productName: env.VITE_AGENCY_PRODUCT ?? 'TRS Healthcare',
  recruiterPhone: env.VITE_AGENCY_PHONE ?? '(888) 555-0148',
  homeSiteUrl: env.VITE_AGENCY_HOME_URL ?? 'https://www.trs-healthcare.example',
  hospitalLoginUrl: env.VITE_AGENCY_HOSPITAL_LOGIN_URL ?? 'https://hospitals.trs-healthcare.example/login',
  payrollUrl: env.VITE_AGENCY_PAYROLL_URL ?? 'https://payroll.trs-healthcare.example',
  benefitsUrl: env.VITE_AGENCY_BENEFITS_URL ?? 'https://benefits.trs-healthcare.example',
  travelerHubUrl: env.VITE_AGENCY_HUB_URL ?? 'https://hub.trs-healthcare.example',
  hubLoginUrl: env.VITE_AGENCY_HUB_LOGIN_URL ?? 'https://hub.trs-healthcare.example/login',
  workplacePostersUrl: env.VITE_AGENCY_POSTERS_URL ?? 'https://www.trs-healthcare.example/workplace-posters',
  skillsVendorName: env.VITE_AGENCY_SKILLS_VENDOR ?? 'Prophecy Health',
  /** Leaflet tile URL for the facility map. */
  mapTileUrl: env.VITE_MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  mapAttribution: env.VITE_MAP_ATTRIBUTION ?? '&copy; OpenStreetMap contributors',
} as const;
