import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { uploadLimitMessages } from '@hcp/contracts';
import CredentialsDropboxPage from './credentials-dropbox-page.tsx';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function renderPage(uploadAnswer: () => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => (String(url).includes('uploadDocument') ? uploadAnswer() : json({ dropboxItems: [] }))),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <CredentialsDropboxPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const scan = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'license.png', { type: 'image/png' });

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

describe('credentials dropbox page', () => {
  it('shows why an upload was refused when the clinician can act on it (an image too large, a full dropbox)', async () => {
    const message = uploadLimitMessages.imageTooLarge(60000, 40000);
    renderPage(() => json({ status: 422, code: 'image_too_large', message }, 422));
    await userEvent.upload(screen.getByTestId('file-drop-input'), scan());
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('keeps the generic failure text for other errors', async () => {
    renderPage(() => json({ status: 500, code: 'internal', message: 'Internal error' }, 500));
    await userEvent.upload(screen.getByTestId('file-drop-input'), scan());
    expect(await screen.findByText('Error uploading file - please try again.')).toBeTruthy();
  });

  it('says so when a stored file has no preview', async () => {
    renderPage(() => json({ filePath: 'uploads/1/abc.png', images: [] }));
    await userEvent.upload(screen.getByTestId('file-drop-input'), scan());
    expect(await screen.findByText('No preview is available for this file.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Preview of/ })).toBeNull();
  });
});
