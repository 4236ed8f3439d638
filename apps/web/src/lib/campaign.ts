/**
 * The campaign a visitor arrived with (the utm_* parameters of the address they landed on). A clinician rarely
 * signs up on the page an ad or a mailing led to: they search, open jobs, come back another day. The parameters
 * are kept in the browser (every tab, across visits) until a later landing brings another campaign or they are
 * older than the attribution window, so sign-up can still match the campaign source to a lead source.
 *
 * This runs in the entry chunk before the first page: it measures age in milliseconds of the clock rather than in
 * calendar days, which would bring the date module (and its schemas) onto every page's critical path.
 */
import { CAMPAIGN_PARAMS, CAMPAIGN_VALUE_MAX, type Campaign } from '@hcp/contracts/campaign';

const STORAGE_KEY = 'hcp_campaign';
/** How long a landing's campaign counts for a later sign-up: 30 days. */
const CAMPAIGN_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

interface StoredCampaign {
  params: Record<string, string>;
  /** When the visitor landed (milliseconds since the epoch). */
  at: number;
}

/** Keeps the utm_* parameters of `search` (a landing's query string), replacing an earlier campaign. */
export function rememberCampaign(search: string, now = Date.now()): void {
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const key = name.toLowerCase();
    if (key.startsWith('utm_') && value.trim()) params[key] = value.trim().slice(0, CAMPAIGN_VALUE_MAX);
  }
  if (Object.keys(params).length === 0) return;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ params, at: now } satisfies StoredCampaign));
  } catch {
    // Storage refused (private mode, quota): attribution is a nicety, never a reason to fail the page.
  }
}

/** The kept campaign's parameters, or none when there is none or it is older than the window. */
function rememberedCampaign(now: number): Record<string, string> {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as StoredCampaign | null;
    if (!stored?.params || typeof stored.at !== 'number') return {};
    const age = now - stored.at;
    if (!(age >= 0 && age <= CAMPAIGN_WINDOW_MS)) {
      localStorage.removeItem(STORAGE_KEY);
      return {};
    }
    return stored.params;
  } catch {
    return {};
  }
}

/** The campaign source (utm_source) sign-up matches to a lead source. */
export const campaignSource = (now = Date.now()): string | null => rememberedCampaign(now).utm_source ?? null;

/** The kept campaign's parameters sign-up stores with the new account (the known utm_* ones). */
export function keptCampaign(now = Date.now()): Campaign {
  const params = rememberedCampaign(now);
  const kept: Campaign = {};
  for (const name of CAMPAIGN_PARAMS) {
    const value = params[name];
    if (value) kept[name] = value;
  }
  return kept;
}
