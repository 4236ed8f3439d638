import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, stubApi } from '../../../test/render.tsx';
import { defaultSearch } from '../lib/search-params.ts';
import { SearchForm } from './search-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const options = {
  disciplines: [
    { id: 13, name: 'Registered Nurse', webOrder: 1, isAllied: false, specialtyIds: [1, 2] },
    { id: 20, name: 'Surgical Technologist', webOrder: 2, isAllied: true, specialtyIds: [3] },
  ],
  specialties: [
    { id: 1, name: 'ICU', abbreviation: null, longDescription: null, altText: null },
    { id: 2, name: 'Emergency Room', abbreviation: 'ER', longDescription: null, altText: null },
    { id: 3, name: 'Operating Room', abbreviation: 'OR', longDescription: null, altText: null },
  ],
  states: [
    { id: 5, name: 'Texas', abbreviation: 'TX', isCompact: true },
    { id: 6, name: 'Florida', abbreviation: 'FL', isCompact: true },
    { id: 7, name: 'California', abbreviation: 'CA', isCompact: false },
  ],
  cities: [{ id: '901', name: 'Austin', stateAbbreviation: 'TX' }],
};

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  await user.type(box, option);
  await user.click(screen.getByRole('option', { name: option }));
  await user.clear(box);
}

describe('SearchForm', () => {
  it('submits the filters as the search query carries them: states, cities with radii, the shift choices', async () => {
    stubApi({ 'jobsearch/SearchOptions': options });
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<SearchForm initial={defaultSearch} submitLabel="Search for Jobs" onSubmit={onSubmit} />);
    await screen.findByRole('combobox', { name: 'Specialty' });
    await choose(user, 'Specialty', 'ICU');
    await choose(user, 'Location', 'All Compact States');
    await choose(user, 'Location', 'Austin, TX');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Radius around Austin, TX' }), '50 miles');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Preferred Shift' }), 'Night');
    await user.click(screen.getByRole('button', { name: 'Search for Jobs' }));
    expect(onSubmit).toHaveBeenCalledWith(
      {
        professionId: 13,
        specialtyIds: [1],
        stateIds: [5, 6],
        cityIds: ['901_50'],
        shiftCategoryId: 2,
        numberOfShifts: -1,
      },
      expect.anything(),
    );
  });

  it('keeps only the specialties the new profession has', async () => {
    stubApi({ 'jobsearch/SearchOptions': options });
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(
      <SearchForm
        initial={{ ...defaultSearch, professionId: 13, specialtyIds: [1, 2] }}
        submitLabel="Update Results"
        onSubmit={onSubmit}
      />,
    );
    expect(await screen.findAllByRole('button', { name: /^Remove / })).toHaveLength(2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Profession' }), 'Surgical Technologist');
    expect(screen.queryAllByRole('button', { name: /^Remove / })).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Update Results' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ professionId: 20, specialtyIds: [] }),
      expect.anything(),
    );
  });
});
