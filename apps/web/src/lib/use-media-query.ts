import { useSyncExternalStore } from 'react';
import { atMost, type Breakpoint } from '../config/breakpoints.ts';
import { matchedWhenRendered } from './render-env.ts';

/**
 * Whether a CSS media query matches, kept current as the window changes (false where there is no window.matchMedia).
 * A page the server rendered is hydrated with the answer for the width it was rendered for, then the real one.
 */
function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const m = window.matchMedia?.(query);
      m?.addEventListener('change', onChange);
      return () => m?.removeEventListener('change', onChange);
    },
    () => !!window.matchMedia?.(query).matches,
    () => matchedWhenRendered(query),
  );
}

/** Whether the viewport is at the breakpoint's width or narrower (config/breakpoints.ts), as the CSS of the same name. */
export function useBreakpoint(name: Breakpoint): boolean {
  return useMediaQuery(atMost(name));
}
