/** Display formats shared by the web app and generated documents: USD money and postal codes (dates: dates.ts). */

/** Dates are formatted by the one date module; the name stays importable from here. */
export { formatDate } from './dates.ts';

// Made on first use, not when a page's code loads: the first currency format costs the browser tens of
// milliseconds (its locale data), which a page that shows no amount should not pay while it starts.
let usd: Intl.NumberFormat | undefined;
let usdWhole: Intl.NumberFormat | undefined;

export function formatMoney(value: number | null | undefined, wholeDollars = false): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  if (wholeDollars)
    return (usdWhole ??= new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    })).format(value);
  return (usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(value);
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
