/**
 * Taps on a page the server rendered, made before the app has taken its markup over (hydration): the markup has no
 * handlers yet, so a pressed button (or a job card) would do nothing. The entry keeps what was tapped meanwhile and
 * the app taps it again once it has hydrated and its components have run their first effects (a menu that closes on
 * mount would otherwise close again at once). Keeping lasts until then: a tap while React hydrates reached a part
 * React had not taken over yet and was lost (a phone's account menu that did not open). A kept tap goes no further
 * than the document (React's listeners on #root never see it), so it is acted on once, when it is tapped again.
 */
const pressed: HTMLElement[] = [];

/** What the browser does itself without the app: follow a link, change a field, submit a form. */
const NATIVE = 'a[href], label, input, select, textarea, summary';

function keep(event: MouseEvent) {
  if (!(event.target instanceof Element) || event.target.closest(NATIVE)) return;
  // A tap on an icon (an SVG element, which has no click()) is a tap on the element around it: a phone's account
  // menu button shows only its icon.
  let target: Element | null = event.target;
  while (target && !(target instanceof HTMLElement)) target = target.parentElement;
  if (!target) return;
  const button = target.closest('button');
  if (button?.type === 'submit' && button.form) return;
  event.stopPropagation();
  pressed.push(target);
}

/** From the entry, on a page the server rendered. */
export function keepEarlyTaps(): void {
  document.addEventListener('click', keep, true);
}

function stopKeepingTaps(): void {
  document.removeEventListener('click', keep, true);
}

/** The app has hydrated: from here React handles taps; what was tapped before (and is still on the page) is tapped again. */
export function replayEarlyTaps(): void {
  stopKeepingTaps();
  for (const target of pressed.splice(0)) if (target.isConnected) target.click();
}
