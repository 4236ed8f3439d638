import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderWithProviders, stubApi } from '../../../test/render.tsx';
import { ReferralForm } from './referral-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const api = (save: object = { ok: true, referralId: 7 }) =>
  stubApi({
    Disciplines: [
      { id: 13, name: 'Registered Nurse', webOrder: 1, isAllied: false, specialtyIds: [1, 2] },
      { id: 20, name: 'Surgical Technologist', webOrder: 2, isAllied: true, specialtyIds: [3] },
    ],
    'Specialty/getSpecialties': [
      { id: 1, name: 'ICU', abbreviation: null, longDescription: null, altText: null },
      { id: 2, name: 'Emergency Room', abbreviation: 'ER', longDescription: null, altText: null },
      { id: 3, name: 'Operating Room', abbreviation: 'OR', longDescription: null, altText: null },
    ],
    'POST HcpReferral/saveReferral': save,
  });

describe('ReferralForm', () => {
  it('names every missing answer on submit and puts focus on the first', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderWithProviders(<ReferralForm />);
    await user.click(await screen.findByRole('button', { name: 'Submit Referral' }));
    expect(screen.getByText('Please enter a first name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a last name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a 10 digit phone number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^First Name/)).toHaveFocus();
    expect(calls.some((c) => c.path === 'HcpReferral/saveReferral')).toBe(false);

    await user.type(screen.getByLabelText(/^First Name/), 'Sam');
    expect(screen.queryByText('Please enter a first name')).toBeNull();
  });

  it('refuses ten digits that are no phone number (0000000000)', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderWithProviders(<ReferralForm />);
    await user.type(await screen.findByLabelText(/^First Name/), 'Sam');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lee');
    await user.type(screen.getByLabelText(/^Phone Number/), '0000000000');
    await user.click(screen.getByRole('button', { name: 'Submit Referral' }));
    expect(screen.getByText('Please enter a valid US phone number')).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'HcpReferral/saveReferral')).toBe(false);
  });

  it('offers the specialties of the chosen profession and sends the referral', async () => {
    const calls = api();
    const user = userEvent.setup();
    renderWithProviders(<ReferralForm />);
    const specialty = await screen.findByRole('combobox', { name: 'Specialty' });
    expect(
      within(specialty)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a specialty (optional)', 'Emergency Room - ER', 'ICU']);
    await user.selectOptions(specialty, 'ICU');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Profession/ }), 'Surgical Technologist');
    expect(specialty).toHaveValue('0');
    await user.selectOptions(specialty, 'Operating Room - OR');

    await user.type(screen.getByLabelText(/^First Name/), ' Sam ');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lee');
    await user.type(screen.getByLabelText(/^Phone Number/), '512-555-0100');
    expect(screen.getByLabelText(/^Phone Number/)).toHaveValue('5125550100');
    await user.click(screen.getByRole('button', { name: 'Submit Referral' }));
    expect(await screen.findByText('Referral Submitted')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'HcpReferral/saveReferral')?.body).toEqual({
      FirstName: 'Sam',
      LastName: 'Lee',
      PhoneNumber: '5125550100',
      DisciplineId: 20,
      SpecialtyId: 3,
    });
  });

  it('says so when the referral could not be saved', async () => {
    api(() => json({ status: 500, code: 'internal', message: 'x' }, 500));
    const user = userEvent.setup();
    renderWithProviders(<ReferralForm />);
    await user.type(await screen.findByLabelText(/^First Name/), 'Sam');
    await user.type(screen.getByLabelText(/^Last Name/), 'Lee');
    await user.type(screen.getByLabelText(/^Phone Number/), '5125550100');
    await user.click(screen.getByRole('button', { name: 'Submit Referral' }));
    expect(await screen.findByText('Oops... looks like something went wrong. Please try again.')).toBeInTheDocument();
  });
});
