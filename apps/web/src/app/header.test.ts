import { describe, expect, it } from 'vitest';
import { shippedFeatureFlags } from '@hcp/contracts';
import { menuLinks } from './header.tsx';

const labels = (o: Parameters<typeof menuLinks>[0]) => menuLinks(o).map((l) => l.label);

describe('user menu rules', () => {
  it('with the shipped flags and a complete application', () => {
    expect(labels({ flags: shippedFeatureFlags, applicationComplete: true, applicationStarted: true })).toEqual([
      'Dashboard',
      'Jobs Added to Favorites',
      'Submissions & Offers',
      'Profile',
      'E-Documents & Signatures',
      'Timesheets',
      'Pay Information',
      'Benefits Information',
      'Policies and Procedures',
      'Credentials Dropbox',
      'Update Background Questions',
      'Refer a Friend',
    ]);
  });

  it('Start TRS Application only before the application is started; Profile, E-Documents, Policies and background need completion', () => {
    const l = labels({ flags: shippedFeatureFlags, applicationComplete: false, applicationStarted: false });
    expect(l).toContain('Start TRS Application');
    expect(l).not.toContain('Profile');
    expect(l).not.toContain('E-Documents & Signatures');
    expect(labels({ flags: shippedFeatureFlags, applicationComplete: false, applicationStarted: true })).not.toContain(
      'E-Documents & Signatures',
    );
    expect(l).not.toContain('Policies and Procedures');
    expect(l).not.toContain('Update Background Questions');
    expect(labels({ flags: shippedFeatureFlags, applicationComplete: false, applicationStarted: true })).not.toContain(
      'Start TRS Application',
    );
  });

  it('Timesheets goes to /timesheet with its flag, to the hub login when the hub is sunset, and is absent otherwise', () => {
    const on = menuLinks({
      flags: { ...shippedFeatureFlags, Timesheets_IsEnabled: true },
      applicationComplete: true,
      applicationStarted: true,
    });
    expect(on.find((l) => l.label === 'Timesheets')).toMatchObject({ to: '/timesheet' });
    const sunset = menuLinks({ flags: shippedFeatureFlags, applicationComplete: true, applicationStarted: true });
    expect(sunset.find((l) => l.label === 'Timesheets')).toMatchObject({ external: true });
    const neither = labels({
      flags: { ...shippedFeatureFlags, HubIsSunset: false },
      applicationComplete: true,
      applicationStarted: true,
    });
    expect(neither).not.toContain('Timesheets');
    expect(neither).toContain('Go to Traveler Hub');
  });

  it('flag-gated links disappear with their flags', () => {
    const off = {
      ...shippedFeatureFlags,
      DocumentsAndSignatures_IsEnabled: false,
      CredentialsDropbox_IsEnabled: false,
      ReferAFriend_IsEnabled: false,
      UpdateBackgroundQuestions_IsEnabled: false,
    };
    const l = labels({ flags: off, applicationComplete: true, applicationStarted: true });
    for (const gone of [
      'E-Documents & Signatures',
      'Credentials Dropbox',
      'Refer a Friend',
      'Update Background Questions',
    ])
      expect(l).not.toContain(gone);
  });
});
