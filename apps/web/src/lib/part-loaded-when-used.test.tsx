import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { partLoadedWhenUsed } from './part-loaded-when-used.tsx';

interface Props {
  open: boolean;
}

function Loaded({ open }: Props) {
  return <p>the part, {open ? 'open' : 'closed'}</p>;
}

describe('partLoadedWhenUsed', () => {
  it('a failed download shows nothing while unused, says so when used, and downloads again on retry', async () => {
    let downloads = 0;
    let reachable = false;
    const Part = partLoadedWhenUsed<Props>(
      async () => {
        downloads++;
        if (!reachable) throw new TypeError('Failed to fetch dynamically imported module');
        return Loaded;
      },
      {
        wanted: (p) => p.open,
        unavailable: (_p, retry) => (
          <div role="alert">
            unavailable <button onClick={retry}>Try Again</button>
          </div>
        ),
      },
    );
    const view = render(<Part open={false} />);
    await act(async () => {});
    expect(downloads).toBe(1);
    expect(view.container).toBeEmptyDOMElement();

    view.rerender(<Part open />);
    expect(await screen.findByRole('alert')).toHaveTextContent('unavailable');
    expect(downloads).toBe(2);

    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('the part, open')).toBeInTheDocument();
    expect(downloads).toBe(3);
  });

  it('downloads once for every place that renders it, and renders at once when it is there', async () => {
    let downloads = 0;
    const Part = partLoadedWhenUsed<Props>(
      async () => {
        downloads++;
        return Loaded;
      },
      { wanted: (p) => p.open, unavailable: () => null },
    );
    const first = render(
      <>
        <Part open={false} />
        <Part open />
      </>,
    );
    await act(async () => {});
    expect(first.container).toHaveTextContent('the part, closedthe part, open');
    // Already downloaded: the first render shows it, with no empty moment.
    const later = render(<Part open />);
    expect(later.container).toHaveTextContent('the part, open');
    expect(downloads).toBe(1);
  });
});
