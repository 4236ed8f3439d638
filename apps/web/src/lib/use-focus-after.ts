import { useEffect, useRef } from 'react';

/**
 * Moves focus after a view swap that removes the focused control (a list replaced by details on narrow
 * screens and back). `request(selector)` is called in the event handler; after the next renders, the
 * first element matching the selector gets focus, once it exists. Nothing moves focus on page load.
 */
export function useFocusAfter() {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    const el = document.querySelector<HTMLElement>(pending.current);
    if (el) {
      el.focus();
      pending.current = null;
    }
  });
  return (selector: string) => {
    pending.current = selector;
  };
}
