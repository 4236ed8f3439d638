import { useEffect, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';

const TABBABLE = 'a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]';

/** The controls Tab stops at inside a container, in document order. */
function tabbableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter((el) => {
    if ((el as HTMLButtonElement).disabled || el.tabIndex < 0 || el.closest('[inert]')) return false;
    if (el instanceof HTMLInputElement && el.type === 'radio' && !el.checked) {
      const group = Array.from(
        root.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${CSS.escape(el.name)}"]`),
      );
      if (group.some((g) => g.checked) || group[0] !== el) return false;
    }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
}

/**
 * Keeps Tab inside `root`: Tab on the last control goes to the first, Shift+Tab on the first to the last.
 * Without it the browser would leave a modal for its own toolbar before coming back.
 */
export function trapTab(e: ReactKeyboardEvent | KeyboardEvent, root: HTMLElement) {
  if (e.key !== 'Tab' || e.defaultPrevented) return;
  const items = tabbableIn(root);
  if (!items.length) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  if (e.shiftKey && (active === first || !root.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !root.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * For panels that act as modals without a native <dialog> (the mobile filter panel, the full-screen
 * calendar), together with `onKeyDown={(e) => trapTab(e, panel)}` on the panel: when the panel closes with
 * focus inside it (so focus would fall to the page body), focus goes back to `returnTo`, or to the element
 * that had focus when it opened.
 */
export function useReturnFocus(active: boolean, returnTo?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!active) return;
    const target = returnTo?.current ?? (document.activeElement as HTMLElement | null);
    return () => {
      // Runs after React removed the panel: restore focus only when it was lost with it.
      queueMicrotask(() => {
        if (target?.isConnected && (!document.activeElement || document.activeElement === document.body))
          target.focus();
      });
    };
  }, [active, returnTo]);
}
