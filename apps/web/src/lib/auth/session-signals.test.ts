import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { TOKEN_COOKIE } from '../cookies.ts';
import { watchSessionSignals } from './session-signals.ts';

afterEach(() => vi.unstubAllGlobals());

describe('watchSessionSignals', () => {
  it("reports another tab's message and a change of the token cookie, not of other cookies, until stopped", async () => {
    const store = new EventTarget();
    vi.stubGlobal('cookieStore', store);
    const onSignal = vi.fn();
    const watch = watchSessionSignals(onSignal);
    const cookieChange = (name: string) =>
      Object.assign(new Event('change'), { changed: [], deleted: [{ name }] }) as Event;

    store.dispatchEvent(cookieChange('hcp_hub'));
    expect(onSignal).not.toHaveBeenCalled();
    store.dispatchEvent(cookieChange(TOKEN_COOKIE));
    expect(onSignal).toHaveBeenCalledTimes(1);

    const otherTab = new BroadcastChannel('hcp-session');
    otherTab.postMessage('changed');
    await waitFor(() => expect(onSignal).toHaveBeenCalledTimes(2));

    watch.stop();
    store.dispatchEvent(cookieChange(TOKEN_COOKIE));
    otherTab.postMessage('changed');
    otherTab.close();
    // A message sent after stop reaches nobody: a later message to a fresh listener shows the channel delivered.
    const later = vi.fn();
    const next = watchSessionSignals(later);
    const third = new BroadcastChannel('hcp-session');
    third.postMessage('changed');
    await waitFor(() => expect(later).toHaveBeenCalled());
    third.close();
    next.stop();
    expect(onSignal).toHaveBeenCalledTimes(2);
  });
});
