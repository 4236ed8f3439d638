/** Display formats shared by the web app and generated documents: USD money and postal codes (dates: dates.ts). */

/** Dates are formatted by the one date module; the name stays importable from here. */
export { formatDate } from './dates.ts';

// USD amounts are written here, not by Intl.NumberFormat: the browser's first currency format loads its locale data
// (about 25 ms on a fast machine, four times that on a phone), in the middle of the first render of every page that
// shows pay. The result is Intl's en-US currency format (a property test holds it to that): the number's shortest
// decimal form rounded half away from zero, thousands grouped with commas, a minus before the dollar sign.
let intl: Map<number, Intl.NumberFormat> | undefined;

/** Intl's format, for the numbers the short form writes with an exponent (1e21 and over, under 1e-6). */
function intlMoney(value: number, fractionDigits: number): string {
  intl ??= new Map();
  let f = intl.get(fractionDigits);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: fractionDigits,
    });
    intl.set(fractionDigits, f);
  }
  return f.format(value);
}

/** A string of decimal digits plus one. */
function incremented(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i -= 1;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${Number(digits[i]) + 1}${'0'.repeat(digits.length - i - 1)}`;
}

export function formatMoney(value: number | null | undefined, wholeDollars = false): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const fractionDigits = wholeDollars ? 0 : 2;
  const shortest = String(Math.abs(value));
  if (!/^\d+(\.\d+)?$/.test(shortest)) return intlMoney(value, fractionDigits);
  const [whole = '0', fraction = ''] = shortest.split('.');
  let kept = whole + fraction.padEnd(fractionDigits, '0').slice(0, fractionDigits);
  if ((fraction[fractionDigits] ?? '0') >= '5') kept = incremented(kept);
  const dollars = kept.slice(0, kept.length - fractionDigits).replace(/\B(?=(\d{3})+$)/g, ',');
  const cents = fractionDigits ? `.${kept.slice(kept.length - fractionDigits)}` : '';
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}$${dollars}${cents}`;
}

/** Postal codes as people write them: Canadian ones in two groups of three, US ZIP+4 with its dash. */
export function formatPostalCode(value: string | null | undefined): string {
  if (!value) return '';
  const v = value.replace(/\s+/g, '');
  if (v.length === 6 && /[a-z]/i.test(v)) return `${v.slice(0, 3)} ${v.slice(3)}`.toUpperCase();
  const digits = v.replace(/\D/g, '');
  if (digits.length > 5 && digits.length === v.replace(/-/g, '').length)
    return `${digits.slice(0, 5)}-${digits.slice(5)}`;
  return value;
}
