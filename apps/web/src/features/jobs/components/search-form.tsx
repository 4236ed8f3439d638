import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import {
  ALL_COMPACT_ID,
  CITY_RADIUS_OPTIONS,
  DEFAULT_CITY_RADIUS,
  LOCATION_ITEM_HEIGHT,
  NUMBER_OF_SHIFTS_OPTIONS,
  PREFERRED_SHIFT_OPTIONS,
  SPECIALTY_ITEM_HEIGHT,
  applyCompactRule,
  groupProfessions,
  jobSearchFormSchema,
  specialtyLabel,
  type JobSearchFilters,
} from '@hcp/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Form, boundSelect, useZodForm } from '../../../components/ui/form.tsx';
import { MultiSelect, type MultiSelectOption } from '../../../components/ui/multi-select.tsx';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { useSearchOptions } from '../api/search-options.ts';
import type { SearchParamsValue } from '../lib/search-params.ts';
import styles from './search-form.module.css';

export interface SearchFormProps {
  initial: SearchParamsValue;
  submitLabel: 'Search for Jobs' | 'Update Results';
  onSubmit: (value: JobSearchFilters) => void;
  /** The GET target when the form is posted without script handling. */
  action?: string;
}

function toLocations(v: SearchParamsValue, compactIds: number[]): string[] {
  const ids = [...v.stateIds.map((id) => `state-${id}`), ...v.cityIds.map((c) => `city-${c.split('_')[0]}`)];
  return applyCompactRule(ids, ids, compactIds);
}

export function SearchForm({ initial, submitLabel, onSubmit, action = '/job-search' }: SearchFormProps) {
  const options = useSearchOptions();
  if (!options.data)
    return options.isError ? (
      <p role="alert">The search options could not be loaded. Please try again.</p>
    ) : (
      <Spinner />
    );
  return (
    <SearchFormInner
      initial={initial}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      action={action}
      data={options.data}
    />
  );
}

function SearchFormInner({
  initial,
  submitLabel,
  onSubmit,
  action,
  data,
}: Required<SearchFormProps> & { data: NonNullable<ReturnType<typeof useSearchOptions>['data']> }) {
  const compactIds = useMemo(() => data.states.filter((s) => s.isCompact).map((s) => s.id), [data.states]);
  const form = useZodForm(jobSearchFormSchema, {
    defaultValues: {
      professionId: initial.professionId,
      specialtyIds: initial.specialtyIds.map(String),
      locations: toLocations(initial, compactIds),
      radii: Object.fromEntries(initial.cityIds.map((c) => [c.split('_')[0]!, Number(c.split('_')[1])])),
      shiftCategoryId: initial.shiftCategoryId ?? 3,
      numberOfShifts: initial.numberOfShifts ?? -1,
    },
  });
  const [professionId, locations, radii] = form.watch(['professionId', 'locations', 'radii']);

  const groups = useMemo(() => groupProfessions(data.disciplines), [data.disciplines]);
  const profession = data.disciplines.find((p) => p.id === professionId);
  const specialtyOptions: MultiSelectOption[] = useMemo(() => {
    const allowed = new Set(profession?.specialtyIds ?? []);
    return data.specialties
      .filter((s) => allowed.has(s.id))
      .map((s) => ({ value: String(s.id), label: specialtyLabel(s) }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [data.specialties, profession]);
  const locationOptions: MultiSelectOption[] = useMemo(
    () => [
      { value: ALL_COMPACT_ID, label: 'All Compact States' },
      ...data.states.map((s) => ({ value: `state-${s.id}`, label: s.name })),
      ...data.cities.map((c) => ({ value: `city-${c.id}`, label: `${c.name}, ${c.stateAbbreviation}` })),
    ],
    [data.states, data.cities],
  );
  const cityName = useMemo(
    () => new Map(data.cities.map((c) => [c.id, `${c.name}, ${c.stateAbbreviation}`])),
    [data.cities],
  );
  const chosenCities = locations.filter((l) => l.startsWith('city-')).map((l) => l.slice(5));

  // A profession keeps only the chosen specialties it has.
  const professionField = boundSelect(form, 'professionId', { setValueAs: Number });
  const changeProfession = (id: number) => {
    const allowed = new Set(data.disciplines.find((p) => p.id === id)?.specialtyIds ?? []);
    form.setValue(
      'specialtyIds',
      form.getValues('specialtyIds').filter((x) => allowed.has(Number(x))),
    );
  };

  // 'All Compact States' stands for the compact states; each chosen city keeps its radius (100 miles at first).
  const changeLocations = (next: string[]) => {
    const applied = applyCompactRule(locations, next, compactIds);
    const kept: Record<string, number> = {};
    for (const l of applied) if (l.startsWith('city-')) kept[l.slice(5)] = radii[l.slice(5)] ?? DEFAULT_CITY_RADIUS;
    form.setValue('locations', applied);
    form.setValue('radii', kept);
  };

  return (
    <Form form={form} onSubmit={onSubmit} method="get" action={action} className={styles.form} aria-label="Job search">
      <SelectField
        label="Profession"
        {...professionField}
        onChange={(e) => {
          void professionField.onChange(e);
          changeProfession(Number(e.target.value));
        }}
      >
        <optgroup label="Most Common">
          {groups.mostCommon.map((p) => (
            <option key={`c${p.id}`} value={p.id}>
              {p.name}
            </option>
          ))}
        </optgroup>
        <optgroup label="All">
          {groups.all.map((p) => (
            <option key={`a${p.id}`} value={p.id}>
              {p.name}
            </option>
          ))}
        </optgroup>
      </SelectField>
      <Controller
        control={form.control}
        name="specialtyIds"
        render={({ field }) => (
          <MultiSelect
            label="Specialty"
            options={specialtyOptions}
            value={field.value}
            onChange={field.onChange}
            placeholder="Add more specialties"
            itemHeight={SPECIALTY_ITEM_HEIGHT}
            visibleRows={6}
          />
        )}
      />
      <MultiSelect
        label="Location"
        options={locationOptions}
        value={locations}
        onChange={changeLocations}
        placeholder="Add more locations"
        itemHeight={LOCATION_ITEM_HEIGHT}
        visibleRows={10}
      />
      {chosenCities.length > 0 && (
        <fieldset className={styles.radii}>
          <legend>Distance from each city</legend>
          {chosenCities.map((id) => (
            <SelectField
              key={id}
              label={`Radius around ${cityName.get(id) ?? id}`}
              value={radii[id] ?? DEFAULT_CITY_RADIUS}
              onChange={(e) => form.setValue('radii', { ...radii, [id]: Number(e.target.value) })}
            >
              {CITY_RADIUS_OPTIONS.map((r) => (
                <option key={r} value={r}>
                  {r} miles
                </option>
              ))}
            </SelectField>
          ))}
        </fieldset>
      )}
      <div className={styles.row}>
        <SelectField label="Preferred Shift" {...boundSelect(form, 'shiftCategoryId', { setValueAs: Number })}>
          {PREFERRED_SHIFT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Number of Shifts per Week" {...boundSelect(form, 'numberOfShifts', { setValueAs: Number })}>
          {NUMBER_OF_SHIFTS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" block>
        {submitLabel}
      </Button>
    </Form>
  );
}
