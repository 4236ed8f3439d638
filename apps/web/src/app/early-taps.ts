/**
 * Taps on a page the server rendered, made before the app has taken its markup over (hydration): the markup has no
 * handlers yet, so a pressed button (or a job card) would do nothing. The entry keeps what was tapped meanwhile and
 * the app taps it again once it has started hydrating (React then hydrates at once and handles it). From the moment
 * the app hydrates React keeps and replays taps itself, so keeping stops there.
 */
const pressed: HTMLElement[] = [];

/** What the browser does itself without the app: follow a link, change a field, submit a form. */
const NATIVE = 'a[href], label, input, select, textarea, summary';

function keep(event: MouseEvent) {
  const target = event.target;
  if (!(target instanceof HTMLElement) || target.closest(NATIVE)) return;
  const button = target.closest('button');
  if (button?.type === 'submit' && button.form) return;
  pressed.push(target);
}

/** From the entry, on a page the server rendered. */
export function keepEarlyTaps(): void {
  document.addEventListener('click', keep, true);
}

/** What was tapped before the app hydrated (and is still on the page), tapped again; keeping stops. */
export function replayEarlyTaps(): void {
  document.removeEventListener('click', keep, true);
  for (const target of pressed.splice(0)) if (target.isConnected) target.click();
}
