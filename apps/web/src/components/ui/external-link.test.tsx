import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExternalLink, useLeavePortal } from './external-link.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const offline = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!value);

describe('a link that leaves the portal', () => {
  it('says which site it opens, in a new tab', () => {
    render(
      <ExternalLink href="https://www.trs-healthcare.example/international-nurses">
        international application
      </ExternalLink>,
    );
    const link = screen.getByRole('link', { name: /^international application/ });
    expect(link).toHaveTextContent('international application (trs-healthcare.example, opens in a new tab)');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('where a line has no room, says the site to screen readers and in its tooltip, and still minds the connection', async () => {
    const user = userEvent.setup();
    render(
      <ExternalLink href="https://hospitals.trs-healthcare.example/login" compact>
        Hospital Login
      </ExternalLink>,
    );
    const link = screen.getByRole('link', {
      name: /^Hospital Login\s*\(hospitals\.trs-healthcare\.example, opens in a new tab\)$/,
    });
    expect(link).toHaveAttribute('title', 'hospitals.trs-healthcare.example, opens in a new tab');
    expect(link.querySelector('.visually-hidden')).toHaveTextContent('(hospitals.trs-healthcare.example');
    offline(true);
    await user.click(link);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You are offline, so hospitals.trs-healthcare.example cannot open',
    );
  });

  it('offline, says so in place instead of opening a tab that cannot load; online again, it opens', async () => {
    const user = userEvent.setup();
    // Whether the browser would follow each click (the portal prevents it offline); the test never navigates.
    const followed: boolean[] = [];
    const record = (e: MouseEvent) => {
      followed.push(!e.defaultPrevented);
      e.preventDefault();
    };
    document.addEventListener('click', record);
    render(<ExternalLink href="https://www.trs-healthcare.example/workplace-posters">Workplace Posters</ExternalLink>);
    const link = screen.getByRole('link', { name: /^Workplace Posters/ });
    offline(true);
    await user.click(link);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You are offline, so trs-healthcare.example cannot open right now. Please connect to the internet and try again.',
    );
    offline(false);
    await user.click(link);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(followed).toEqual([false, true]);
    document.removeEventListener('click', record);
  });
});

function LeaveButton({ go }: { go: () => void }) {
  const { leave, notice } = useLeavePortal();
  return (
    <>
      {notice}
      <button type="button" onClick={() => leave('https://www.trs-healthcare.example', go)}>
        OK
      </button>
    </>
  );
}

describe('a button that leaves the portal', () => {
  it('goes only when online', async () => {
    const user = userEvent.setup();
    const go = vi.fn();
    render(<LeaveButton go={go} />);
    offline(true);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('You are offline, so trs-healthcare.example cannot open');
    offline(false);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(go).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
