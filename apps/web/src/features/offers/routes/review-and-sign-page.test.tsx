import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { polyfillDialog, renderWithProviders, stubApi } from '../../../test/render.tsx';
import ReviewAndSignPage from './review-and-sign-page.tsx';

vi.mock('../../../lib/auth/auth-provider.tsx', async () => (await import('../../../test/application.tsx')).authMock);
beforeAll(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('review and sign', () => {
  it('signs only after the agreement is ticked, with the terms that were shown, and returns', async () => {
    const calls = stubApi({
      'Contract/getContractDocumentImages': {
        images: ['data:image/png;base64,AA=='],
        pageCount: 1,
        isSigned: false,
        termsHash: 'h-1',
      },
      'POST Document/eSignDocument': { ok: true },
    });
    const user = userEvent.setup();
    renderWithProviders(<ReviewAndSignPage />, {
      url: '/review-and-sign-contract',
      path: '/review-and-sign-contract',
      state: { contractId: 12, documentMasterId: 3, returnLocation: '/e-documents-and-signatures' },
    });
    const sign = await screen.findByRole('button', { name: 'Sign Contract' });
    expect(sign).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have reviewed and agree to sign electronically.' }));
    await user.click(sign);
    await screen.findByText('/e-documents-and-signatures');
    expect(calls.find((c) => c.path === 'Document/eSignDocument')?.url).toContain(
      'contractId=12&documentMasterId=3&termsHash=h-1',
    );
  });
});
