/**
 * Taps on a page the server rendered, made before the app has taken its markup over (hydration): the markup has no
 * handlers yet, so a pressed button (or a job card) would do nothing. The entry keeps what was tapped meanwhile and
 * the app taps it again once it has hydrated and its components have run their first effects (a menu that closes on
 * mount would otherwise close again at once). From the moment the app starts hydrating React handles taps itself, so
 * keeping stops there.
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

/** The app starts hydrating: from here React handles taps. */
export function stopKeepingTaps(): void {
  document.removeEventListener('click', keep, true);
}

/** What was tapped before the app started hydrating (and is still on the page), tapped again. */
export function replayEarlyTaps(): void {
  stopKeepingTaps();
  for (const target of pressed.splice(0)) if (target.isConnected) target.click();
}
