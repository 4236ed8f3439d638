/**
 * Runs `task` once the browser has nothing more urgent to do (after the frames being rendered have painted), without
 * a deadline: work a page only needs later (code and data for a dialog not open yet) waits for this, so it never
 * competes with what the page shows first, however busy the device. Where the browser cannot tell idle time, after
 * the page's load event. Answers a function that cancels it.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task);
    return () => cancelIdleCallback(id);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => (timer = setTimeout(task, 200));
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    clearTimeout(timer);
  };
}
