import { z } from 'zod';

export const DEFAULT_PROFESSION_ID = 13;
export const DEFAULT_LEAD_SOURCE_ID = 121;
/** Lead sources kept as they are at sign-up: for these the visit's campaign source is not looked up. */
export const LEAD_SOURCES_SKIPPING_CAMPAIGN = [28, 85] as const;

export const professionSchema = z.object({
  id: z.number(),
  name: z.string(),
  webOrder: z.number().nullable(),
  isAllied: z.boolean(),
  specialtyIds: z.array(z.number()),
});
export type Profession = z.infer<typeof professionSchema>;

export const specialtySchema = z.object({
  id: z.number(),
  name: z.string(),
  abbreviation: z.string().nullable(),
  longDescription: z.string().nullable(),
  altText: z.string().nullable(),
});
export type Specialty = z.infer<typeof specialtySchema>;

export const stateSchema = z.object({
  id: z.number(),
  name: z.string(),
  abbreviation: z.string(),
  isCompact: z.boolean(),
});
export type State = z.infer<typeof stateSchema>;

export const citySchema = z.object({ id: z.string(), name: z.string(), stateAbbreviation: z.string() });

export const leadSourceSchema = z.object({
  id: z.number(),
  webFriendlyName: z.string(),
  webGroup: z.string().nullable(),
  webOrder: z.number().nullable(),
});
export type LeadSource = z.infer<typeof leadSourceSchema>;

export const professionsResponseSchema = z.array(professionSchema);
export const specialtiesResponseSchema = z.array(specialtySchema);
export const leadSourcesResponseSchema = z.array(leadSourceSchema);

/** Label 'name - abbreviation' unless equal or the abbreviation is empty (never 'ICU - ICU'). */
export function specialtyLabel(s: Pick<Specialty, 'name' | 'abbreviation'>): string {
  const abbr = s.abbreviation?.trim() ?? '';
  if (!abbr || abbr === s.name) return s.name;
  return `${s.name} - ${abbr}`;
}

/**
 * Profession list: the professions most clinicians pick ('Most Common', by webOrder), then 'All' the others by name
 * (ignoring case), so a select lists each profession once.
 */
export function groupProfessions<T extends { name: string; webOrder: number | null }>(
  list: readonly T[],
): { mostCommon: T[]; all: T[] } {
  const common = (p: T) => p.webOrder !== null && p.webOrder > 0;
  const mostCommon = list.filter(common).sort((a, b) => (a.webOrder ?? 0) - (b.webOrder ?? 0));
  const all = list
    .filter((p) => !common(p))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  return { mostCommon, all };
}

/** The lead source a visit's campaign source (utm_source) names: matched case-insensitively to a source's name. */
export function leadSourceForCampaign(
  campaignSource: string | null | undefined,
  sources: readonly Pick<LeadSource, 'id' | 'webFriendlyName'>[],
): number | null {
  const wanted = campaignSource?.trim().toLowerCase();
  if (!wanted) return null;
  return sources.find((s) => s.webFriendlyName.toLowerCase() === wanted)?.id ?? null;
}

/**
 * Lead source for sign-up: 28 and 85 are kept as chosen; otherwise a campaign source of the visit
 * (utm_source) matched case-insensitively to a lead source name wins; default 121.
 */
export function resolveLeadSourceId(
  chosen: number | null | undefined,
  campaignSource: string | null | undefined,
  sources: readonly Pick<LeadSource, 'id' | 'webFriendlyName'>[],
): number {
  if (chosen && (LEAD_SOURCES_SKIPPING_CAMPAIGN as readonly number[]).includes(chosen)) return chosen;
  return leadSourceForCampaign(campaignSource, sources) ?? chosen ?? DEFAULT_LEAD_SOURCE_ID;
}
