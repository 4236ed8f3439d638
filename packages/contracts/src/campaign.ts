// The campaign parameters of a landing, without schemas: the web keeps them from its entry chunk, where the
// validation library would weigh on every page.

/** The utm_* parameters the portal keeps and stores with a new account, in the order reports list them. */
export const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type CampaignParam = (typeof CAMPAIGN_PARAMS)[number];
export type Campaign = Partial<Record<CampaignParam, string>>;

/** Longest value kept of one parameter (a campaign name, not a document). */
export const CAMPAIGN_VALUE_MAX = 200;
