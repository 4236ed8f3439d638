import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileDrop } from './file-drop.tsx';

afterEach(cleanup);

const pdf = () => new File(['%PDF-1.4'], 'license.pdf', { type: 'application/pdf' });

describe('FileDrop', () => {
  it('takes a file from the button and announces it', async () => {
    const onFile = vi.fn();
    const { container } = render(<FileDrop onFile={onFile} accept={['pdf', 'png']} buttonLabel="Upload Document" />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.pdf,.png');
    await userEvent.upload(input, pdf());
    expect(onFile).toHaveBeenCalledWith(expect.objectContaining({ name: 'license.pdf' }));
    expect(screen.getByRole('status')).toHaveTextContent('Selected file: license.pdf');
  });

  it('takes a dropped file', () => {
    const onFile = vi.fn();
    render(<FileDrop onFile={onFile} />);
    const zone = screen.getByRole('button', { name: 'Drop new files here' });
    fireEvent.dragEnter(zone, { dataTransfer: { files: [pdf()] } });
    fireEvent.drop(zone, { dataTransfer: { files: [pdf()] } });
    expect(onFile).toHaveBeenCalledTimes(1);
  });

  it('opens the picker from the keyboard on the drop area and ignores input while disabled', async () => {
    const onFile = vi.fn();
    const { container, rerender } = render(<FileDrop onFile={onFile} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const click = vi.spyOn(input, 'click');
    const zone = screen.getByRole('button', { name: 'Drop new files here' });
    zone.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
    rerender(<FileDrop onFile={onFile} disabled />);
    fireEvent.drop(zone, { dataTransfer: { files: [pdf()] } });
    expect(onFile).not.toHaveBeenCalled();
    expect(zone).toHaveAttribute('aria-disabled', 'true');
  });
});
