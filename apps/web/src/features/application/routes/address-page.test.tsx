import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STEP, emptyAddress } from '@hcp/contracts';
import { json } from '../../../test/render.tsx';
import { renderStep } from '../../../test/application.tsx';
import AddressPage from './address-page.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../../../test/application.tsx')).authMock);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const states = [
  { stateId: 44, name: 'Texas', abbreviation: 'TX', countryName: 'United States', isCompact: true },
  { stateId: 1009, name: 'Ontario', abbreviation: 'ON', countryName: 'Canada', isCompact: false },
];

function open(address = emptyAddress) {
  return renderStep(<AddressPage />, '/permanent-address', (done) => ({
    'HcpPermanentAddress/permanentAddressStates': states,
    'GET HcpPermanentAddress/permanentAddress': address,
    'POST HcpPermanentAddress/permanentAddress': () => {
      done.push(STEP.address);
      return json({ ok: true });
    },
  }));
}

describe('the permanent address step', () => {
  it('names a wrong zip code once the field is left, and sends a complete US address', async () => {
    const calls = open();
    const user = userEvent.setup();
    const next = await screen.findByRole('button', { name: 'Next' });
    await user.type(screen.getByLabelText(/^Street Address/), '1 Main St');
    await user.type(screen.getByLabelText(/^City/), 'Austin');
    await user.selectOptions(await screen.findByRole('combobox', { name: /^State/ }), 'Texas');
    const zip = screen.getByLabelText(/^Zip Code/);
    await user.type(zip, '787a');
    expect(zip).toHaveValue('787');
    expect(screen.queryByText('Please enter a 5 digit zip code')).toBeNull();
    await user.tab();
    expect(screen.getByText('Please enter a 5 digit zip code')).toBeInTheDocument();
    expect(next).toBeDisabled();
    await user.type(zip, '01');
    expect(screen.queryByText('Please enter a 5 digit zip code')).toBeNull();
    expect(next).toBeEnabled();
    await user.click(next);
    expect(await screen.findByTestId('location')).toHaveTextContent('/license-info');
    expect(calls.find((c) => c.method === 'POST' && c.path === 'HcpPermanentAddress/permanentAddress')?.body).toEqual({
      country: 'United States',
      streetAddress: '1 Main St',
      city: 'Austin',
      state: 'Texas',
      zipCode: '78701',
      province: null,
      postalCode: null,
    });
  });

  it('changing the country clears the address; a Canadian postal code is shown with its space and sent without', async () => {
    const calls = open({
      ...emptyAddress,
      country: 'USA',
      streetAddress: '1 Main St',
      city: 'Austin',
      state: 'Texas',
      zipCode: '78701',
    });
    const user = userEvent.setup();
    expect(await screen.findByLabelText(/^Street Address/)).toHaveValue('1 Main St');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Country/ }), 'Canada');
    expect(screen.getByLabelText(/^Street Address/)).toHaveValue('');
    await user.type(screen.getByLabelText(/^Street Address/), '24 Sussex Dr');
    await user.type(screen.getByLabelText(/^City/), 'Ottawa');
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Province/ }), 'Ontario');
    const postal = screen.getByLabelText(/^Postal Code/);
    await user.type(postal, 'k1m1m4');
    expect(postal).toHaveValue('K1M 1M4');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('/license-info');
    expect(
      calls.find((c) => c.method === 'POST' && c.path === 'HcpPermanentAddress/permanentAddress')?.body,
    ).toMatchObject({
      country: 'Canada',
      province: 'Ontario',
      postalCode: 'K1M 1M4',
      state: null,
      zipCode: null,
    });
  });
});
