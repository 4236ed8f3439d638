import { afterEach, describe, expect, it } from 'vitest';
import { campaignSource, rememberCampaign } from './campaign.ts';

afterEach(() => localStorage.clear());

describe('the campaign of a landing', () => {
  it('outlives the landing address, in any tab, for the attribution window', () => {
    rememberCampaign('?professionId=13&utm_source=Indeed&utm_medium=cpc', '2026-11-01');
    // Later pages carry no campaign and do not erase it.
    rememberCampaign('?professionId=13', '2026-11-02');
    expect(campaignSource('2026-11-02')).toBe('Indeed');
    expect(campaignSource('2026-12-01')).toBe('Indeed');
    expect(campaignSource('2026-12-02')).toBeNull();
  });

  it('is replaced by the campaign of a later landing', () => {
    rememberCampaign('?utm_source=Indeed', '2026-11-01');
    rememberCampaign('?UTM_SOURCE=Facebook&utm_campaign=spring', '2026-11-05');
    expect(campaignSource('2026-11-05')).toBe('Facebook');
  });

  it('is nothing when no landing brought one, or what was kept cannot be read', () => {
    expect(campaignSource('2026-11-01')).toBeNull();
    localStorage.setItem('hcp_campaign', '{not json');
    expect(campaignSource('2026-11-01')).toBeNull();
  });
});
