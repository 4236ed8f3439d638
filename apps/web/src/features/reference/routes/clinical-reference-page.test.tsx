import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import ClinicalReferencePage from './clinical-reference-page.tsx';

const autofill = {
  historyTypeId: 1,
  name: 'Dana Rivera',
  discipline: 'Registered Nurse',
  specialty: 'ICU',
  supervisorName: 'Monica Hale',
  supervisorTitle: 'Nurse Manager',
  facilityName: "St. David's Medical Center",
  referenceDate: '2026-11-01',
  facCityState: 'Austin, TX',
  evalStartDate: '2019-07-01',
  evalEndDate: '2025-02-01',
  wasCharge: null,
  unit: 'ICU East',
};

function setViewport(mobile: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: mobile && query.includes('max-width: 800px'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

function renderPage(fetchImpl: (url: string, init?: RequestInit) => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(fetchImpl));
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/clinical-professional-reference/abcdefghijklmnopqrstuvwxyz012345']}>
        <Routes>
          <Route path="/clinical-professional-reference/:guid" element={<ClinicalReferencePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('clinical reference form', () => {
  it('desktop: prefills (unit blank), keeps Submit disabled until complete, then sends the spec payload', async () => {
    setViewport(false);
    const sent: unknown[] = [];
    renderPage((url, init) => {
      if (url.includes('getReferralData')) return json(autofill);
      sent.push(JSON.parse(String(init?.body)));
      return json({ ok: true });
    });
    const user = userEvent.setup();
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Dana Rivera');
    expect(screen.getByLabelText(/^Unit/)).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Core Staff (Full-Time)' })).toBeChecked();
    const comments = screen.getByLabelText(/^Comments/);
    expect(comments).toHaveAttribute('placeholder', 'Please type your comments here.');
    expect(comments).toHaveAttribute('rows', '5');
    // Supervisor block: the spec's desktop order.
    const block = screen.getByRole('region', { name: 'Supervisor submitting reference' });
    const labels = [...block.querySelectorAll('label')].map((l) => l.textContent?.replace(' *', ''));
    expect(labels).toEqual([
      'Supervisor Name',
      'Reference Date',
      'Supervisor Title',
      'Facility Name',
      'City/State',
      'Start Date',
      'End Date',
    ]);

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^EMR/), 'Epic');
    for (const g of screen.getAllByRole('group', { name: /^\d\. / })) {
      expect(submit).toBeDisabled();
      await user.click(within(g).getByRole('radio', { name: 'Exceeds Expectations' }));
    }
    expect(submit).toBeDisabled(); // the charge question is still unanswered
    await user.click(within(screen.getByRole('group', { name: /Charge capacity/ })).getByRole('radio', { name: 'No' }));
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText('Submitted. Thank you!')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      HistoryTypeId: '1',
      WasCharge: false,
      EmrWorked: 'Epic',
      AssetLevel: 4,
      Unit: '',
      ReferenceDate: '2026-11-01',
      CityState: 'Austin, TX',
    });
  });

  it('mobile: a dropdown whose Select... entry disappears once a type is chosen; the unit is copied', async () => {
    setViewport(true);
    renderPage(() => json({ ...autofill, historyTypeId: 0 }));
    const user = userEvent.setup();
    const select = await screen.findByLabelText(/^Employment Type/);
    expect(within(select).getByRole('option', { name: 'Select...' })).toBeInTheDocument();
    await user.selectOptions(select, 'Per Diem');
    expect(within(select).queryByRole('option', { name: 'Select...' })).toBeNull();
    expect(screen.getByLabelText(/^Unit/)).toHaveValue('ICU East');
    const labels = [
      ...screen.getByRole('region', { name: 'Supervisor submitting reference' }).querySelectorAll('label'),
    ].map((l) => l.textContent?.replace(' *', ''));
    expect(labels).toEqual([
      'Supervisor Name',
      'Supervisor Title',
      'Reference Date',
      'Facility Name',
      'City/State',
      'Start Date',
      'End Date',
    ]);
  });

  it('shows the failure alert when the submission is not ok', async () => {
    setViewport(false);
    renderPage((url) =>
      url.includes('getReferralData') ? json({ ...autofill, wasCharge: true }) : json({ status: 500 }, 500),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^EMR/), 'Epic');
    for (const g of screen.getAllByRole('group', { name: /^\d\. / }))
      await user.click(within(g).getByRole('radio', { name: 'Met Expectations' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Form submission failed')).toBeInTheDocument();
  });

  it('counts the comment box up to its 4000-character limit, and says when it is reached', async () => {
    setViewport(false);
    renderPage(() => json(autofill));
    const user = userEvent.setup();
    const comments = await screen.findByRole('textbox', { name: 'Comments' });
    expect(comments).toHaveAccessibleDescription('0 of 4000 characters');
    await user.type(comments, 'Reliable.');
    expect(comments).toHaveAccessibleDescription('9 of 4000 characters');
    await user.clear(comments);
    await user.click(comments);
    await user.paste('x'.repeat(4100));
    expect(comments).toHaveValue('x'.repeat(4000));
    expect(comments).toHaveAccessibleDescription('4000 of 4000 characters: the limit is reached');
  });

  it('names an end date before the start date as soon as either date changes, and waits for it', async () => {
    setViewport(false);
    renderPage(() => json({ ...autofill, wasCharge: true }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^EMR/), 'Epic');
    for (const g of screen.getAllByRole('group', { name: /^\d\. / }))
      await user.click(within(g).getByRole('radio', { name: 'Met Expectations' }));
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeEnabled();
    const end = screen.getByLabelText(/^End Date/);
    await user.clear(end);
    await user.type(end, '01/01/2019');
    expect(screen.getByText('The end date cannot be before the start date')).toBeInTheDocument();
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();
    const start = screen.getByLabelText(/^Start Date/);
    await user.clear(start);
    await user.type(start, '03/01/2018');
    expect(screen.queryByText('The end date cannot be before the start date')).toBeNull();
    expect(submit).toBeEnabled();
    // A day that does not exist stays as typed and is named, the same way as every date field of the portal.
    await user.clear(start);
    await user.type(start, '02/30/2018');
    expect(screen.getByText('Please enter a real date as MM/DD/YYYY')).toBeInTheDocument();
    expect(start).toHaveValue('02/30/2018');
  });

  it('an answered link shows its message instead of the form', async () => {
    setViewport(false);
    renderPage(() => json({ status: 410, code: 'reference_answered', message: 'x' }, 410));
    expect(await screen.findByText(/already been submitted/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('the thank-you says where OK leads, and offline says so instead of leaving', async () => {
    setViewport(false);
    renderPage((url) => (url.includes('getReferralData') ? json(autofill) : json({ ok: true })));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^EMR/), 'Epic');
    for (const g of screen.getAllByRole('group', { name: /^\d\. / }))
      await user.click(within(g).getByRole('radio', { name: 'Exceeds Expectations' }));
    await user.click(within(screen.getByRole('group', { name: /Charge capacity/ })).getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const thanks = await screen.findByRole('dialog', { name: 'Submitted. Thank you!' });
    expect(thanks).toHaveTextContent(/OK takes you to the .+ website, [a-z0-9.-]+\./);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(within(thanks).getByRole('button', { name: 'OK' }));
    expect(within(thanks).getByRole('alert')).toHaveTextContent(/You are offline, so .+ cannot open right now/);
    expect(screen.getByRole('dialog', { name: 'Submitted. Thank you!' })).toBeInTheDocument();
  });
});
