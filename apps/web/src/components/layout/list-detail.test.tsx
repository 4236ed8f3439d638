import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setViewportWidth } from '../../test/render.tsx';
import { ListDetail } from './list-detail.tsx';

afterEach(cleanup);

const view = (detailOpen: boolean, onBack = vi.fn(), detailWhenClosed = false) =>
  render(
    <ListDetail
      columns="300px 1fr"
      detailOpen={detailOpen}
      detailWhenClosed={detailWhenClosed}
      back={{ label: '‹ Results', name: 'results', onBack }}
      list={<ul aria-label="Results" />}
      detail={<section aria-label="Job details" />}
    />,
  );

describe('ListDetail', () => {
  it('shows the list beside the detail above the narrow breakpoint', () => {
    setViewportWidth(1251);
    view(true);
    expect(screen.getByRole('list', { name: 'Results' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Job details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '‹ Results' })).toBeNull();
  });

  it('at the narrow breakpoint shows the list, or the chosen detail alone with a way back', async () => {
    setViewportWidth(1250);
    const onBack = vi.fn();
    const { unmount } = view(false, onBack);
    expect(screen.getByRole('list', { name: 'Results' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Job details' })).toBeNull();
    unmount();

    view(true, onBack);
    expect(screen.queryByRole('list', { name: 'Results' })).toBeNull();
    const back = screen.getByRole('button', { name: '‹ Results' });
    expect(back).toHaveAttribute('data-back', 'results');
    await userEvent.click(back);
    expect(onBack).toHaveBeenCalled();
  });

  it('can keep the detail side under the list when nothing is chosen', () => {
    setViewportWidth(800);
    view(false, vi.fn(), true);
    expect(screen.getByRole('list', { name: 'Results' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Job details' })).toBeInTheDocument();
  });
});
