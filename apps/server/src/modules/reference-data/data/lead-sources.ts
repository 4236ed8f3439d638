export interface LeadSource {
  id: number;
  webFriendlyName: string;
  webGroup: string;
  /** Order within its group on the sign-up form. */
  webOrder: number;
}

/** Default lead source for sign-ups without a matching campaign source. */
export const DEFAULT_LEAD_SOURCE_ID = 121;
/** Lead sources that skip the campaign-source lookup on sign-up. */
export const LEAD_SOURCE_IDS_SKIPPING_CAMPAIGN_LOOKUP: readonly number[] = [28, 85];

export const leadSources: LeadSource[] = [
  { id: 28, webFriendlyName: 'Referral from a Friend or Coworker', webGroup: 'Referral', webOrder: 1 },
  { id: 85, webFriendlyName: 'Contacted by a Recruiter', webGroup: 'Referral', webOrder: 2 },
  { id: 41, webFriendlyName: 'Former Traveler / Returning Clinician', webGroup: 'Referral', webOrder: 3 },
  { id: 12, webFriendlyName: 'Google', webGroup: 'Online', webOrder: 1 },
  { id: 17, webFriendlyName: 'Indeed', webGroup: 'Online', webOrder: 2 },
  { id: 63, webFriendlyName: 'Vivian Health', webGroup: 'Online', webOrder: 3 },
  { id: 64, webFriendlyName: 'Travel Nursing Blog or Forum', webGroup: 'Online', webOrder: 4 },
  { id: 66, webFriendlyName: 'BluePipes', webGroup: 'Online', webOrder: 5 },
  { id: 70, webFriendlyName: 'Glassdoor', webGroup: 'Online', webOrder: 6 },
  { id: 22, webFriendlyName: 'Facebook', webGroup: 'Social Media', webOrder: 1 },
  { id: 23, webFriendlyName: 'Instagram', webGroup: 'Social Media', webOrder: 2 },
  { id: 24, webFriendlyName: 'LinkedIn', webGroup: 'Social Media', webOrder: 3 },
  { id: 25, webFriendlyName: 'TikTok', webGroup: 'Social Media', webOrder: 4 },
  { id: 26, webFriendlyName: 'YouTube', webGroup: 'Social Media', webOrder: 5 },
  { id: 50, webFriendlyName: 'Job Fair or Conference', webGroup: 'Events', webOrder: 1 },
  { id: 51, webFriendlyName: 'Nursing School Event', webGroup: 'Events', webOrder: 2 },
  { id: 121, webFriendlyName: 'Other', webGroup: 'Other', webOrder: 1 },
];
