import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepEarlyTaps, replayEarlyTaps } from './early-taps';

/** A card as the server rendered it: two cards alike, each with its button. */
function renderCards(onPress: (card: number) => void): HTMLButtonElement[] {
  document.body.innerHTML = '<article><button>Review &amp; Sign Contract</button></article>'.repeat(2);
  const buttons = [...document.querySelectorAll('button')];
  buttons.forEach((button, card) => button.addEventListener('click', () => onPress(card)));
  return buttons;
}

describe('taps before the app has taken the page over', () => {
  afterEach(() => {
    replayEarlyTaps();
    document.body.innerHTML = '';
  });

  it('are kept, not acted on, and tapped again once the app has mounted', () => {
    const pressed = vi.fn();
    keepEarlyTaps();
    const [, second] = renderCards(pressed);
    second!.click();
    expect(pressed).not.toHaveBeenCalled();
    replayEarlyTaps();
    expect(pressed).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('go to the element that took the tapped one’s place when its part rendered anew', () => {
    const pressed = vi.fn();
    keepEarlyTaps();
    const [, second] = renderCards(() => {});
    second!.click();
    renderCards(pressed); // the cards render again: new buttons, same words, same order
    replayEarlyTaps();
    expect(pressed).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('are dropped when nothing like the tapped element is left', () => {
    const pressed = vi.fn();
    keepEarlyTaps();
    const [first] = renderCards(pressed);
    first!.click();
    document.body.innerHTML = '<p>Nothing here</p>';
    replayEarlyTaps();
    expect(pressed).not.toHaveBeenCalled();
  });

  it('leave links and fields to the browser', () => {
    keepEarlyTaps();
    document.body.innerHTML = '<a href="#next">Next</a>';
    const followed = vi.fn();
    document.addEventListener('click', followed);
    document.querySelector('a')!.click();
    document.removeEventListener('click', followed);
    expect(followed).toHaveBeenCalledOnce();
  });
});
