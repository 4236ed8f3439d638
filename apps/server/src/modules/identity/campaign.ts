import type { AgencyCampaign, SignUpCampaignQuery } from '@hcp/contracts';

/** The account's campaign columns. */
export interface CampaignColumns {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
}

/** The sign-up query's utm_* parameters as the account stores them: an empty value is no value. */
export function campaignColumns(q: SignUpCampaignQuery | undefined): CampaignColumns {
  const value = (v: string | undefined) => v?.trim() || null;
  return {
    utmSource: value(q?.utm_source),
    utmMedium: value(q?.utm_medium),
    utmCampaign: value(q?.utm_campaign),
    utmTerm: value(q?.utm_term),
    utmContent: value(q?.utm_content),
  };
}

/** The stored campaign as the agency reads it (clinician reads, the signed-up event): null without one. */
export function campaignOf(c: CampaignColumns): AgencyCampaign {
  const { utmSource, utmMedium, utmCampaign, utmTerm, utmContent } = c;
  if (![utmSource, utmMedium, utmCampaign, utmTerm, utmContent].some((v) => v !== null)) return null;
  return { utmSource, utmMedium, utmCampaign, utmTerm, utmContent };
}
