/**
 * Runs `task` once the browser has nothing more urgent to do (after the frame being rendered has painted), or after
 * `timeout` ms at the latest; answers a function that cancels it. Work a page only needs later (code and data for a
 * dialog not open yet) waits for this, so it does not compete with what the page shows first.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1);
  return () => clearTimeout(id);
}
