import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Profile } from '@hcp/contracts';
import { polyfillDialog, renderWithProviders, stubApi } from '../../../test/render.tsx';
import ProfilePage from './profile-page.tsx';

beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const nextYear = new Date().getFullYear() + 1;
const profile: Profile = {
  firstName: 'Erin',
  lastName: 'Tester',
  phoneNumber: '5125550199',
  email: 'erin@example.com',
  dob: '1990-04-12',
  streetAddress: '1 Rideau St',
  city: 'Ottawa',
  state: null,
  province: 'Ontario',
  zipCode: null,
  postalCode: 'K1N5Y4',
  country: 'Canada',
  licenses: [
    {
      licenseId: 1,
      stateName: 'Texas',
      nameOnLicense: 'Erin Tester',
      licenseNumber: 'RN1',
      licenseType: 'RN',
      isActive: true,
      issueDate: null,
      expirationDate: null,
      isCompact: true,
    },
  ],
  degrees: [
    {
      degreeId: 1,
      school: 'UT Austin',
      degreeType: 'MSN',
      degreeField: 'Nursing',
      location: 'Austin, TX',
      degreeDate: `05/${nextYear}`,
    },
    {
      degreeId: 2,
      school: 'ACC',
      degreeType: 'ADN',
      degreeField: 'Nursing',
      location: 'Austin, TX',
      degreeDate: '05/2015',
    },
  ],
  employmentHistories: [],
  certifications: [
    {
      certId: 1,
      certificationType: 'BLS',
      expirationDate: '2020-01-31',
      completionDate: null,
      issuedBy: null,
      verified: false,
    },
    {
      certId: 2,
      certificationType: 'ACLS',
      expirationDate: `${nextYear}-01-31`,
      completionDate: null,
      issuedBy: null,
      verified: false,
    },
  ],
  references: [],
};

describe('/profile-page', () => {
  it('shows the record as it stands: a self-reported license, an expected graduation, an expired card, a Canadian postal code', async () => {
    stubApi({ 'HcpProfileData/getProfile': profile });
    renderWithProviders(<ProfilePage />);
    const license = within(await screen.findByRole('region', { name: 'License Information' }));
    // Nobody has checked the license the clinician typed: no green "Active".
    expect(license.queryByText('Active')).toBeNull();
    expect(license.getByText('Self-reported')).toBeInTheDocument();

    const education = within(screen.getByRole('region', { name: 'Education' }));
    const [future, past] = education.getAllByRole('listitem');
    expect(within(future!).getByText('Expected graduation')).toBeInTheDocument();
    expect(within(future!).queryByText('Graduated')).toBeNull();
    expect(within(past!).getByText('Graduated')).toBeInTheDocument();

    const certs = within(screen.getByRole('region', { name: 'Certifications' }));
    const [bls, acls] = certs.getAllByRole('listitem');
    expect(within(bls!).getByText('Expired')).toBeInTheDocument();
    expect(within(acls!).queryByText('Expired')).toBeNull();

    expect(screen.getByRole('region', { name: 'Biodata and Contact Info' })).toHaveTextContent('Ontario K1N 5Y4');
  });
});
