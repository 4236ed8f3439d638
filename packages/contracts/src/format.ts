/** Display formats shared by the web app and generated documents: MM/DD/YYYY dates and USD money. */

/** 'YYYY-MM-DD' or an ISO timestamp -> 'MM/DD/YYYY' (the calendar date as written, no time-zone shift). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return '';
  return `${m[2]}/${m[3]}/${m[1]}`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function formatMoney(value: number | null | undefined, wholeDollars = false): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return (wholeDollars ? usdWhole : usd).format(value);
}

/** Postal code display (spec 01 section 5). */
export function formatPostalCode(value: string | null | undefined): string {
  if (!value) return '';
  const v = value.replace(/\s+/g, '');
  if (v.length === 6 && /[a-z]/i.test(v)) return `${v.slice(0, 3)} ${v.slice(3)}`.toUpperCase();
  const digits = v.replace(/\D/g, '');
  if (digits.length > 5 && digits.length === v.replace(/-/g, '').length) return `${digits.slice(0, 5)}-${digits.slice(5)}`;
  return value;
}
