import { loadPdfjs, standardFontsDir } from '../../../lib/pdfjs.ts';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatDate, formatMoney } from '@hcp/contracts';
import { memoize } from '../../../lib/cache.ts';
import type { ContractTerms } from '../schema.ts';

/** The agency named in generated documents (server-side counterpart of the web's VITE_AGENCY_NAME). */
export const AGENCY = {
  name: process.env.AGENCY_NAME ?? 'TRS Healthcare',
  address: process.env.AGENCY_ADDRESS ?? '1200 Commerce Street, Suite 400, Dallas, TX 75202',
  phone: process.env.AGENCY_PHONE ?? '(888) 555-0148',
};

const PAGE: [number, number] = [612, 792];
const MARGIN = 60;
const INK = rgb(0.12, 0.16, 0.22);
const MUTED = rgb(0.38, 0.42, 0.48);

/** Letters the standard PDF fonts (WinAnsi) lack and that do not decompose into one they have. */
const FALLBACK: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  Ð: 'D',
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
};
/** The code points each embedded font can draw. */
const charsetOf = memoize((font: PDFFont) => new Set(font.getCharacterSet()));

/**
 * Text the standard fonts can draw: clinicians' names, facilities and user agents may hold any Unicode
 * (Nguyễn, Łukasz, 李, emoji), which WinAnsi cannot encode. Letters keep their base letter (ễ -> e,
 * Ł -> L); anything else becomes '?'. The exact text stays in the database and the audit row.
 */
export function drawable(font: PDFFont, text: string): string {
  const set = charsetOf(font);
  const ok = (c: string) => set.has(c.codePointAt(0)!);
  let out = '';
  for (const ch of text) {
    if (ok(ch) || ch === '\n') out += ch;
    else if (FALLBACK[ch]) out += FALLBACK[ch];
    else {
      const base = [...ch.normalize('NFKD')].filter((c) => ok(c) && !/\p{M}/u.test(c)).join('');
      out += base || (/\s/u.test(ch) ? ' ' : /\p{M}|\p{Cf}/u.test(ch) ? '' : '?');
    }
  }
  return out;
}

/** A small text layout helper over pdf-lib: writes lines top-down and adds pages as needed. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
    const n = this.doc.getPageCount();
    this.page.drawText(drawable(this.font, `${this.footer}  |  Page ${n}`), {
      x: MARGIN,
      y: 30,
      size: 8,
      font: this.font,
      color: MUTED,
    });
  }
  ensure(h: number) {
    if (this.y - h < MARGIN) this.newPage();
  }
  wrap(text: string, size: number, font: PDFFont, width: number): string[] {
    const out: string[] = [];
    for (const para of text.split('\n')) {
      let line = '';
      for (const word of para.split(/\s+/)) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) > width && line) {
          out.push(line);
          line = word;
        } else line = next;
      }
      out.push(line);
    }
    return out;
  }
  text(
    text: string,
    opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {},
  ) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.font;
    const x = MARGIN + (opts.indent ?? 0);
    for (const line of this.wrap(drawable(font, text), size, font, PAGE[0] - MARGIN - x)) {
      this.ensure(size + 4);
      this.page.drawText(line, { x, y: this.y - size, size, font, color: opts.color ?? INK });
      this.y -= size + 4;
    }
    this.y -= opts.gap ?? 4;
  }
  row(label: string, value: string) {
    this.ensure(16);
    this.page.drawText(drawable(this.bold, label), {
      x: MARGIN,
      y: this.y - 10,
      size: 10,
      font: this.bold,
      color: INK,
    });
    const lines = this.wrap(drawable(this.font, value), 10, this.font, PAGE[0] - MARGIN * 2 - 190);
    lines.forEach((l, i) =>
      this.page.drawText(l, { x: MARGIN + 190, y: this.y - 10 - i * 14, size: 10, font: this.font, color: INK }),
    );
    this.y -= 14 * Math.max(1, lines.length) + 2;
  }
  heading(text: string) {
    this.ensure(40);
    this.y -= 6;
    this.text(text, { size: 13, bold: true, gap: 6 });
  }
  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: PAGE[0] - MARGIN, y: this.y },
      thickness: 0.5,
      color: MUTED,
    });
    this.y -= 10;
  }
}

async function newDoc(title: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer(AGENCY.name);
  doc.setCreator(AGENCY.name);
  // Fixed dates so the unsigned document (and its page images) is byte-identical on every render.
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  return { doc, font, bold };
}

export interface ContractPdfData {
  contractNum: string;
  clinician: { firstName: string; lastName: string; email: string; phone: string };
  profession: string;
  specialty: string;
  facility: {
    name: string;
    address1: string | null;
    address2: string | null;
    city: string;
    state: string;
    zip: string | null;
  };
  startDate: string;
  endDate: string;
  durationWeeks: number;
  shiftCategoryName: string;
  terms: ContractTerms;
}

export interface SignatureData {
  signerName: string;
  signedAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export const contractTitle = 'Travel Assignment Contract';

function centralTime(d: Date): string {
  return `${d.toLocaleString('en-US', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })} CT`;
}

const termsText = (d: ContractPdfData) => [
  `1. Assignment. ${AGENCY.name} ("the Agency") places the Clinician named above at the Facility for the assignment described in this contract. The Clinician remains an employee of the Agency, not of the Facility, for the whole assignment.`,
  `2. Schedule. The Clinician works ${d.terms.shift} (${d.terms.shiftsPerWeek} shifts of ${d.terms.hoursPerShift} hours per week, ${d.shiftCategoryName}) and is guaranteed ${d.terms.guaranteedHoursPerWeek} hours per week unless the Clinician is unavailable. The Facility may assign the Clinician to any unit for which the Clinician is qualified.`,
  `3. Pay. Hours are paid at the rates above and reported on weekly timesheets through the portal before the pay period closes. Hours over 40 in a work week are paid at the overtime rate (and as state law requires). Stipends are paid per week worked in full and are prorated for partial weeks.`,
  `4. Bonuses. Bonuses listed above are paid as stated, provided the Clinician completes the assignment and its required shifts.`,
  `5. Credentials. The Clinician keeps every license, certification and health record the Facility requires current for the whole assignment and uploads renewals before they expire.`,
  `6. Cancellation. Either party may cancel this contract with ${d.terms.cancellationNoticeDays} days' written notice. The Agency may end the assignment at once when the Facility cancels it or for misconduct.`,
  `7. Time off. Requested time off accepted with the offer is honored; any other time off needs the Facility's approval through the Agency.`,
  `8. Electronic signature. The parties agree that this contract may be signed electronically and that an electronic signature has the same effect as a handwritten one.`,
];

/** The contract as a PDF, from the contract's data; with `signature` it carries the signature block and an audit page. */
export async function renderContractPdf(d: ContractPdfData, signature?: SignatureData): Promise<Uint8Array> {
  const { doc, font, bold } = await newDoc(`${contractTitle} ${d.contractNum}`);
  const w = new Writer(doc, font, bold, `${AGENCY.name}  |  Contract ${d.contractNum}`);
  const clinician = `${d.clinician.firstName} ${d.clinician.lastName}`;
  w.text(AGENCY.name, { size: 11, bold: true, color: MUTED, gap: 0 });
  w.text(AGENCY.address, { size: 9, color: MUTED, gap: 10 });
  w.text(contractTitle, { size: 20, bold: true, gap: 2 });
  w.text(`Contract number ${d.contractNum}`, { size: 10, color: MUTED, gap: 10 });
  w.rule();
  w.heading('Parties');
  w.row('Agency', `${AGENCY.name}, ${AGENCY.address}`);
  w.row('Clinician', `${clinician} (${d.clinician.email})`);
  const f = d.facility;
  w.row(
    'Facility',
    [f.name, f.address1, f.address2, `${f.city}, ${f.state} ${f.zip ?? ''}`.trim()].filter(Boolean).join(', '),
  );
  w.heading('Assignment');
  w.row('Profession', d.profession);
  w.row('Specialty', d.specialty);
  if (d.terms.unit) w.row('Unit', d.terms.unit);
  w.row('Start date', formatDate(d.startDate));
  w.row('End date', formatDate(d.endDate));
  w.row('Duration', `${d.durationWeeks} weeks`);
  w.row('Shift', `${d.terms.shift}, ${d.shiftCategoryName}`);
  w.row('Guaranteed hours', `${d.terms.guaranteedHoursPerWeek} per week`);
  w.heading('Pay rates');
  w.row('Regular hourly rate', formatMoney(d.terms.hourlyRate));
  w.row('Overtime rate', formatMoney(d.terms.overTimeRate));
  if (d.terms.premiumRate) w.row('Premium rate', formatMoney(d.terms.premiumRate));
  w.row('On call rate', formatMoney(d.terms.onCallRate));
  w.row('Call back rate', formatMoney(d.terms.callBackRate));
  w.row('Estimated gross weekly pay', formatMoney(d.terms.grossWeeklyPay));
  w.heading('Stipends (tax-free, per week)');
  w.row('Meals and incidentals', formatMoney(d.terms.weeklyMeals));
  w.row('Lodging', formatMoney(d.terms.weeklyLodging));
  w.heading('Bonuses');
  if (d.terms.bonuses.length === 0) w.text('None');
  for (const b of d.terms.bonuses) w.row(b.name, formatMoney(b.amount));
  w.newPage();
  w.heading('Terms');
  for (const t of termsText(d)) w.text(t, { gap: 8 });
  w.heading('Signatures');
  w.ensure(120);
  w.text(`Clinician: ${clinician}`, { bold: true, gap: 2 });
  if (signature) {
    w.text(`Electronically signed by ${signature.signerName}`, {
      size: 12,
      bold: true,
      color: rgb(0.05, 0.35, 0.6),
      gap: 2,
    });
    w.text(`Signed ${centralTime(signature.signedAt)} - see the signature audit page`, {
      size: 9,
      color: MUTED,
      gap: 14,
    });
  } else {
    w.text('Signature: ______________________________    Date: ______________', { gap: 14 });
  }
  w.text(`Agency: ${AGENCY.name}`, { bold: true, gap: 2 });
  w.text('Authorized on issue of this contract through the clinician portal.', { size: 9, color: MUTED });
  if (signature) {
    w.newPage();
    w.heading('Signature audit');
    w.row('Document', `${contractTitle} ${d.contractNum}`);
    w.row('Signer', `${signature.signerName} (${d.clinician.email})`);
    w.row('Signed at', `${signature.signedAt.toISOString()} (${centralTime(signature.signedAt)})`);
    w.row('IP address', signature.ip ?? 'unknown');
    w.row('User agent', signature.userAgent ?? 'unknown');
    w.row(
      'Method',
      'Electronic signature in the clinician portal after the signer confirmed: "I have reviewed and agree to sign electronically."',
    );
    w.text("The SHA-256 digest of this signed file is kept in the agency's signature audit record.", {
      size: 9,
      color: MUTED,
    });
  }
  return doc.save({ useObjectStreams: false });
}

/** A TRS employment or policy document as a PDF. */
export async function renderTextDocument(
  title: string,
  paragraphs: string[],
  signed?: { name: string; signedAt: Date },
): Promise<Uint8Array> {
  const { doc, font, bold } = await newDoc(title);
  const w = new Writer(doc, font, bold, `${AGENCY.name}  |  ${title}`);
  w.text(AGENCY.name, { size: 11, bold: true, color: MUTED, gap: 10 });
  w.text(title, { size: 20, bold: true, gap: 12 });
  w.rule();
  for (const p of paragraphs) w.text(p, { gap: 8 });
  if (signed) {
    w.heading('Signature');
    w.text(`Electronically signed by ${signed.name}`, { bold: true, gap: 2 });
    w.text(`Signed ${centralTime(signed.signedAt)}`, { size: 9, color: MUTED });
  }
  return doc.save({ useObjectStreams: false });
}

/** Plain text of a PDF (tests and the signed-document check). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const lib = await loadPdfjs();
  const pdf = await lib.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: standardFontsDir(),
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= pdf.numPages; i += 1) {
    const content = await (await pdf.getPage(i)).getTextContent();
    parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await pdf.destroy();
  return parts.join('\n');
}
