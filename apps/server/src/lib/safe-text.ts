import { stripVTControlCharacters } from 'node:util';

// C0 and C1 controls (ESC, BEL, CR, backspace...) and the bidi overrides that reorder what a reader sees.
const CONTROLS = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

// The same controls except line feed and tab, which keep a printed block's layout.
const CONTROLS_BUT_LAYOUT = /(?![\n\t])\p{Cc}|[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * What a terminal may be sent: escape sequences (colours, cursor moves, window titles, OSC 8 links) are
 * removed whole and every other control character but line feed and tab is dropped, so data printed by the
 * operator CLI (clinicians' names and notes, feed ids, webhook errors) cannot drive the operator's terminal.
 */
export function terminalText(text: string): string {
  return stripVTControlCharacters(text).replace(CONTROLS_BUT_LAYOUT, '');
}

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

/** Text put into a mail's HTML part: the five characters HTML gives meaning to are written as entities. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
