import { stripVTControlCharacters } from 'node:util';

// C0 and C1 controls (ESC, BEL, CR, backspace...) and the bidi overrides that reorder what a reader sees.
const CONTROLS = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Text a clinician (or a feed) supplied, made safe to print on a terminal or put in a one-line mail field:
 * terminal escape sequences are removed whole, every other control character becomes a space, runs of
 * whitespace collapse, and the result is cut to `max` characters with an ellipsis.
 */
export function plainText(text: string | null | undefined, max = 200): string {
  const flat = stripVTControlCharacters(text ?? '')
    .replace(CONTROLS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...flat];
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
