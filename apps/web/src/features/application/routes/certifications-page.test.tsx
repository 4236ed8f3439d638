import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STEP, certificationTypes, type Certification } from '@hcp/contracts';
import { json, polyfillDialog } from '../../../test/render.tsx';
import { renderStep } from '../../../test/application.tsx';
import CertificationsPage from './certifications-page.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../../../test/application.tsx')).authMock);
beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(stored: Certification[] = []) {
  const calls = renderStep(
    <CertificationsPage />,
    '/certifications',
    () => ({
      'HcpCertification/hcpCertificationTypes': certificationTypes,
      'GET HcpCertification/hcpCertifications': () => json(stored),
      'POST HcpCertification/saveCertification': (call) => {
        const b = call.body as {
          certificationTypeId: number;
          expirationDate: string | null;
          issuedBy: string | null;
          file: unknown;
        };
        stored.push({
          certId: 71,
          certificationTypeId: b.certificationTypeId,
          certificationType: 'BLS',
          expirationDate: b.expirationDate,
          completionDate: null,
          issuedBy: b.issuedBy,
          createdOrder: 1,
          saved: true,
          deleted: false,
          verified: false,
          hasFile: !!b.file,
        });
        return json({ certId: 71 });
      },
    }),
    [STEP.background, STEP.address, STEP.license, STEP.education, STEP.employment, STEP.references],
  );
  return calls;
}

describe('the certifications step', () => {
  it('names a refused file as soon as it is chosen, then saves the certification with its copy', async () => {
    const calls = open();
    const user = userEvent.setup({ applyAccept: false });
    const card = within(await screen.findByRole('region', { name: 'Certification 2' }));
    expect(card.getByRole('combobox', { name: /^Certification Type/ })).toHaveValue('1');
    const save = card.getByRole('button', { name: 'Save Record' });
    expect(save).toBeDisabled(); // BLS needs its expiration date
    const expires = card.getByRole('textbox', { name: /^Expiration Date/ });
    // A date already past is taken, with a warning.
    await user.type(expires, '01/31/2020');
    expect(card.getByText(/^This certification expired on 01\/31\/2020\./)).toBeInTheDocument();
    expect(save).toBeEnabled();
    await user.clear(expires);
    await user.type(expires, '06/30/2099');
    expect(card.queryByText(/This certification expired/)).toBeNull();
    expect(save).toBeEnabled();

    const attach = card.getByLabelText(/^Attach Certification/);
    await user.upload(attach, new File(['MZ'], 'virus.exe', { type: 'application/octet-stream' }));
    expect(card.getByText('Invalid file type: .exe')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.upload(attach, new File(['%PDF-1.4'], 'bls.pdf', { type: 'application/pdf' }));
    expect(card.queryByText('Invalid file type: .exe')).toBeNull();
    await user.type(card.getByLabelText(/^Issued By/), ' American Heart Association ');
    await user.click(save);

    expect(await screen.findByRole('region', { name: 'BLS' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'HcpCertification/saveCertification')?.body).toEqual({
      certId: null,
      certificationTypeId: 1,
      expirationDate: '2099-06-30',
      issuedBy: 'American Heart Association',
      deleted: false,
      file: { content: btoa('%PDF-1.4'), extension: 'pdf' },
    });
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    // The other new card kept its own answers while the list was reloaded.
    expect(
      within(screen.getByRole('region', { name: 'Certification 1' })).getByRole('combobox', {
        name: /^Certification Type/,
      }),
    ).toHaveValue('');
  });

  it('marks a saved certification that has expired', async () => {
    const card = (id: number, expirationDate: string): Certification => ({
      certId: id,
      certificationTypeId: 1,
      certificationType: `BLS ${id}`,
      expirationDate,
      completionDate: null,
      issuedBy: null,
      createdOrder: id,
      saved: true,
      deleted: false,
      verified: false,
      hasFile: false,
    });
    open([card(1, '2020-01-31'), card(2, '2099-01-31')]);
    const old = within(await screen.findByRole('region', { name: 'BLS 1' }));
    expect(old.getByText('Expired')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'BLS 2' })).queryByText('Expired')).toBeNull();
  });

  it('asks before deleting a saved certification', async () => {
    const calls = open([
      {
        certId: 5,
        certificationTypeId: 2,
        certificationType: 'ACLS',
        expirationDate: '2099-01-31',
        completionDate: null,
        issuedBy: null,
        createdOrder: 2,
        saved: true,
        deleted: false,
        verified: false,
        hasFile: false,
      },
    ]);
    const user = userEvent.setup();
    const acls = within(await screen.findByRole('region', { name: 'ACLS' }));
    await user.click(acls.getByRole('button', { name: 'Delete Record' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Record' }));
    expect(dialog.getByText('Delete your ACLS certification? This cannot be undone.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === 'HcpCertification/saveCertification')).toBe(false);
    await user.click(acls.getByRole('button', { name: 'Delete Record' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Record' })).getByRole('button', { name: 'Delete' }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'ACLS' })).toBeNull());
    expect(calls.find((c) => c.path === 'HcpCertification/saveCertification')?.body).toMatchObject({
      certId: 5,
      deleted: true,
    });
  });

  it('brings back a certification added in the browser and half filled in, after a reload', async () => {
    const saved = (certId: number, createdOrder: number): Certification => ({
      certId,
      certificationTypeId: 1,
      certificationType: 'BLS',
      expirationDate: '2031-01-01',
      completionDate: null,
      issuedBy: null,
      createdOrder,
      saved: true,
      deleted: false,
      verified: false,
      hasFile: false,
    });
    const stored = [saved(5, 1), saved(6, 2)];
    open(stored);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New Record' }));
    const added = within(screen.getByRole('region', { name: 'Certification 3' }));
    await user.type(added.getByRole('textbox', { name: /^Issued By/ }), 'Red Cross');
    // The page is reloaded before the card is saved: the card is there again with what was typed.
    cleanup();
    open(stored);
    const again = within(await screen.findByRole('region', { name: 'Certification 3' }));
    expect(again.getByRole('textbox', { name: /^Issued By/ })).toHaveValue('Red Cross');
    window.localStorage.clear();
  });
});
