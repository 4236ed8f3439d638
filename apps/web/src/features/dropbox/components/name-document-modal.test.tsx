import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { polyfillDialog } from '../../../test/render.tsx';
import { NameDocumentModal } from './name-document-modal.tsx';

beforeAll(polyfillDialog);
afterEach(cleanup);

const open = (onSave = vi.fn()) =>
  render(
    <NameDocumentModal
      open
      fileName="RN license 2026.pdf"
      preview={null}
      saving={false}
      onCancel={() => {}}
      onSave={onSave}
    />,
  );

describe('NameDocumentModal', () => {
  it('starts from the file name and saves the name with its spaces tidied', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    open(onSave);
    const name = screen.getByRole('textbox', { name: /Document Name/ });
    expect(name).toHaveValue('RN license 2026');
    await user.clear(name);
    await user.type(name, '  State   license ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('State license');
  });

  it('waits for a name, and names the problem when an empty one is sent', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    open(onSave);
    const name = screen.getByRole('textbox', { name: /Document Name/ });
    await user.clear(name);
    await user.type(name, '   ');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.submit(name.closest('form')!);
    expect(await screen.findByText('Please enter a document name')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
    await user.type(name, 'x');
    expect(screen.queryByText('Please enter a document name')).toBeNull();
  });
});
