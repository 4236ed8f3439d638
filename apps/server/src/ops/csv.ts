import { JOB_PAY_FIELDS } from '@hcp/contracts';

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF, newlines inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw new Error('The CSV ends inside a quoted field');
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((v) => v.trim() !== ''));
}

const JOB_NUMBERS = new Set([
  'professionId',
  'specialtyId',
  'grade',
  'shiftCategory',
  'positions',
  'durationWeeks',
  ...JOB_PAY_FIELDS,
  'grossWeeklyPay',
]);
const FACILITY_NUMBERS = new Set(['lat', 'lng', 'bedCount', 'traumaLevel']);
const LISTS = new Set(['minimumRequirements', 'benefits', 'chartingSystems']);

function convert(key: string, value: string, numbers: Set<string>): unknown {
  const v = value.trim();
  if (numbers.has(key)) return v !== '' && !Number.isNaN(Number(v)) ? Number(v) : v;
  if (key === 'isAvailable') return /^(true|yes|1)$/i.test(v) ? true : /^(false|no|0)$/i.test(v) ? false : v;
  if (LISTS.has(key))
    return v
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean);
  if (key === 'bonuses') {
    if (v.startsWith('[')) return JSON.parse(v) as unknown;
    return v
      .split('|')
      .filter(Boolean)
      .map((part) => {
        const at = part.lastIndexOf(':');
        return { name: part.slice(0, at).trim(), amount: Number(part.slice(at + 1)) };
      });
  }
  return v;
}

/**
 * A jobs feed from CSV: one job per row with the job fields as columns; facility fields as
 * `facility.<field>` columns (the facility is taken from the first row naming it).
 */
export function feedFromCsv(text: string): { facilities: Record<string, unknown>[]; jobs: Record<string, unknown>[] } {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('The CSV file is empty');
  const cols = header.map((h) => h.trim());
  if (!cols.includes('externalId')) throw new Error("The CSV header has no 'externalId' column");
  const jobs: Record<string, unknown>[] = [];
  const facilities = new Map<string, Record<string, unknown>>();
  for (const r of rows) {
    const job: Record<string, unknown> = {};
    const fac: Record<string, unknown> = {};
    cols.forEach((c, i) => {
      const raw = r[i] ?? '';
      if (raw.trim() === '') return;
      if (c.startsWith('facility.')) {
        const k = c.slice('facility.'.length);
        fac[k] = convert(k, raw, FACILITY_NUMBERS);
      } else job[c] = convert(c, raw, JOB_NUMBERS);
    });
    jobs.push(job);
    const facId = typeof job.facilityExternalId === 'string' ? job.facilityExternalId : null;
    if (facId && Object.keys(fac).length && !facilities.has(facId))
      facilities.set(facId, { externalId: facId, ...fac });
  }
  return { facilities: [...facilities.values()], jobs };
}
