import { afterEach, describe, expect, it } from 'vitest';
import { campaignSource, keptCampaign, rememberCampaign } from './campaign.ts';

afterEach(() => localStorage.clear());

const day = 24 * 60 * 60 * 1000;
const landing = 1_800_000_000_000;

describe('the campaign of a landing', () => {
  it('outlives the landing address, in any tab, for the attribution window', () => {
    rememberCampaign('?professionId=13&utm_source=Indeed&utm_medium=cpc', landing);
    // Later pages carry no campaign and do not erase it.
    rememberCampaign('?professionId=13', landing + day);
    expect(campaignSource(landing + day)).toBe('Indeed');
    expect(campaignSource(landing + 30 * day)).toBe('Indeed');
    expect(campaignSource(landing + 30 * day + 1)).toBeNull();
  });

  it('is replaced by the campaign of a later landing', () => {
    rememberCampaign('?utm_source=Indeed', landing);
    rememberCampaign('?UTM_SOURCE=Facebook&utm_campaign=spring', landing + 4 * day);
    expect(campaignSource(landing + 4 * day)).toBe('Facebook');
  });

  it('gives sign-up the known utm_* parameters, each cut to its longest stored length', () => {
    rememberCampaign(`?utm_source=Indeed&utm_medium=cpc&utm_term=${'t'.repeat(300)}&utm_id=7&jobId=3`, landing);
    expect(keptCampaign(landing + day)).toEqual({ utm_source: 'Indeed', utm_medium: 'cpc', utm_term: 't'.repeat(200) });
    expect(keptCampaign(landing + 31 * day)).toEqual({});
  });

  it('is nothing when no landing brought one, or what was kept cannot be read', () => {
    expect(campaignSource(landing)).toBeNull();
    expect(keptCampaign(landing)).toEqual({});
    localStorage.setItem('hcp_campaign', '{not json');
    expect(campaignSource(landing)).toBeNull();
    expect(keptCampaign(landing)).toEqual({});
  });
});
