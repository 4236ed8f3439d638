/**
 * Taps on a page the server rendered, made before the app has taken its markup over (hydration): the markup has no
 * handlers yet, so a pressed button would do nothing. The entry keeps the buttons pressed meanwhile and the app
 * presses them again once it has started hydrating (React then hydrates at once and handles them). From the moment
 * the app hydrates React keeps and replays taps itself, so keeping stops there.
 */
const pressed: HTMLElement[] = [];

function keep(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  // A submit button's form still submits without the app (the browser does it).
  if (button && button.type === 'button') pressed.push(button);
}

/** From the entry, on a page the server rendered. */
export function keepEarlyTaps(): void {
  document.addEventListener('click', keep, true);
}

/** The buttons pressed before the app hydrated (still on the page), pressed again; keeping stops. */
export function replayEarlyTaps(): void {
  document.removeEventListener('click', keep, true);
  for (const button of pressed.splice(0)) if (button.isConnected) button.click();
}
