/**
 * Taps on a page the server rendered, made before the app has taken its markup over (hydration): the markup has no
 * handlers yet, so a pressed button (or a job card) would do nothing. The entry keeps what was tapped meanwhile and
 * the app taps it again once it has hydrated and its components have run their first effects (a menu that closes on
 * mount would otherwise close again at once). Keeping lasts until then: a tap while React hydrates reached a part
 * React had not taken over yet and was lost (a phone's account menu that did not open). A kept tap goes no further
 * than the document (React's listeners on #root never see it), so it is acted on once, when it is tapped again.
 * When the part around it has rendered anew meanwhile (a card whose data arrived), the element tapped is no longer in
 * the page; the tap then goes to the element that took its place: the same kind, saying the same, in the same order.
 */
interface Tap {
  target: HTMLElement;
  /** How to find the element that replaced `target`: its tag, its words and which of the elements alike it was. */
  tag: string;
  words: string;
  nth: number;
}
const pressed: Tap[] = [];

function alike(tag: string, words: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(tag)].filter((el) => wordsOf(el) === words);
}

function wordsOf(el: HTMLElement): string {
  return (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

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
  const tag = target.tagName.toLowerCase();
  const words = wordsOf(target);
  pressed.push({ target, tag, words, nth: alike(tag, words).indexOf(target) });
}

/** From the entry, on a page the server rendered. */
export function keepEarlyTaps(): void {
  document.addEventListener('click', keep, true);
}

function stopKeepingTaps(): void {
  document.removeEventListener('click', keep, true);
}

/** The app has hydrated: from here React handles taps; what was tapped before (or what took its place) is tapped again. */
export function replayEarlyTaps(): void {
  stopKeepingTaps();
  for (const tap of pressed.splice(0)) {
    const target = tap.target.isConnected ? tap.target : tap.words ? alike(tap.tag, tap.words)[tap.nth] : undefined;
    target?.click();
  }
}
