import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { applicationDocuments, type ApplicationDocumentName } from '@hcp/contracts';
import { memoize } from '../../../lib/cache.ts';

const AGENCY = 'TRS Healthcare';

/** The body text of each pre-employment document (plain language; the agency replaces them with its counsel's versions). */
const bodies: Record<ApplicationDocumentName, string[]> = {
  Handbook: [
    `Welcome to ${AGENCY}. This handbook describes what you can expect from us and what we expect from you while you work travel assignments.`,
    "Professional conduct: you represent both the facility and the agency. Follow the facility's policies, dress code and scope-of-practice rules, and treat patients, families and co-workers with respect.",
    'Attendance: work every scheduled shift. If you must miss a shift, notify both the facility unit manager and your recruiter before the shift starts. Repeated call-offs may end an assignment.',
    'Timekeeping: record your hours accurately and submit them by the weekly deadline. Falsifying time records is grounds for immediate termination.',
    'Credentials: keep your licenses and certifications current. Upload renewals before they expire; you cannot work with an expired credential.',
    'Safety: report any workplace injury, exposure or patient-safety event to the facility and to the agency within 24 hours.',
    'Equal opportunity: the agency does not discriminate on the basis of race, color, religion, sex, sexual orientation, gender identity, national origin, age, disability, veteran status or any other protected status.',
  ],
  AuthForRelease: [
    `I authorize ${AGENCY} and its agents to obtain information about my employment history, education, licensure, certifications and professional references for the purpose of evaluating my application and placing me on assignments.`,
    'I authorize former employers, schools, licensing boards and references to release that information, and I release them from liability for providing it in good faith.',
    'This authorization remains valid for the duration of my application and any employment with the agency. A copy of it is as valid as the original.',
  ],
  CandidatePlacement: [
    `This agreement describes how ${AGENCY} presents you to client facilities. By agreeing, you allow the agency to submit your profile to facilities for assignments that you have expressed interest in.`,
    'The agency will not submit you to a facility without your approval of the specific assignment, its dates, shift and pay.',
    'You agree not to accept employment directly with a facility to which the agency presented you within twelve months of that presentation without first notifying the agency.',
  ],
  HealthInfoPrivacy: [
    'Under the Health Insurance Portability and Accountability Act (HIPAA), protected health information (PHI) must be kept private and secure.',
    "You agree to access PHI only as needed for your duties, never to disclose it to anyone without a need to know, and to follow each facility's privacy and security policies.",
    'Report any suspected breach of PHI to the facility privacy officer and to the agency immediately. Violations may result in termination and civil or criminal penalties.',
  ],
  ConsumerReportDisclaimer: [
    `${AGENCY} may obtain consumer reports and investigative consumer reports about you from a consumer reporting agency for employment purposes.`,
    'These reports may include criminal history, identity verification, employment and education verification, professional license verification and motor vehicle records where permitted by law.',
    'This disclosure is provided in a document consisting solely of the disclosure, as required by the Fair Credit Reporting Act (FCRA).',
  ],
  FairCredit: [
    'A Summary of Your Rights Under the Fair Credit Reporting Act.',
    'You must be told if information in your file has been used against you. You have the right to know what is in your file, to ask for a credit score, and to dispute incomplete or inaccurate information.',
    'Consumer reporting agencies must correct or delete inaccurate, incomplete or unverifiable information, and may not report outdated negative information.',
    'Access to your file is limited, and you must give your consent for reports to be provided to employers. You may seek damages from violators.',
  ],
  CaliRights: [
    'California Disclosure Regarding Background Checks.',
    `${AGENCY} may obtain an investigative consumer report about you under California Civil Code section 1786. The report may include information on your character, general reputation, personal characteristics and mode of living.`,
    'You may view the file maintained on you by the investigative consumer reporting agency during normal business hours, and you may request a copy of the report.',
  ],
  CaliBackground: [
    'California Authorization for Background Checks.',
    `I authorize ${AGENCY} to obtain consumer reports and investigative consumer reports about me for employment purposes, consistent with California law.`,
    'I understand that the agency will not ask about or consider conviction history before a conditional offer of employment, as required by the California Fair Chance Act.',
  ],
  CaliAppStatement: [
    'California Applicant Statement and Agreement.',
    'I certify that the information in my application is true and complete. I understand that false or misleading information may result in my application being rejected or my employment being ended.',
    'I understand that employment with the agency is at will, and that nothing in the application creates a contract of employment for a definite period.',
  ],
  Arbitration: [
    `You and ${AGENCY} agree to resolve any dispute arising from your application or employment through final and binding arbitration before a neutral arbitrator, rather than in court, except where the law does not allow it.`,
    "The arbitration will be conducted under the employment arbitration rules of a recognized arbitration provider. The agency pays the arbitrator's fees beyond a filing fee equal to a court filing fee.",
    'Claims will be brought individually and not as a class or collective action, to the extent permitted by law. This agreement does not prevent you from filing a charge with a government agency.',
  ],
  ElectronicSig: [
    'Electronic Signature and Communications Agreement.',
    'You agree that checking a box, clicking a button or typing your name in the portal is your electronic signature and has the same effect as a handwritten signature.',
    'You agree to receive documents, notices and other communications electronically, by email and through the portal. You may request a paper copy at any time from your recruiter.',
    'Keep your email address current in your profile. You can withdraw this consent by contacting the agency; withdrawal does not affect documents already signed.',
  ],
};

/** The document's PDF (generated once per process, with its title and text). */
export const documentPdf: (name: ApplicationDocumentName) => Promise<Uint8Array> = memoize((name) => build(name));

async function build(name: ApplicationDocumentName): Promise<Uint8Array> {
  const title = applicationDocuments.find((d) => d.documentName === name)!.title;
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor(AGENCY);
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 60;
  const width = 612 - margin * 2;
  let page = pdf.addPage([612, 792]);
  let y = 792 - margin;
  const line = (text: string, f = font, size = 11, gap = 4) => {
    if (y < margin + size) {
      page = pdf.addPage([612, 792]);
      y = 792 - margin;
    }
    page.drawText(text, { x: margin, y, size, font: f, color: rgb(0.1, 0.15, 0.2) });
    y -= size + gap;
  };
  const wrap = (text: string, f = font, size = 11) => {
    const words = text.split(/\s+/);
    let cur = '';
    for (const w of words) {
      const next = cur ? `${cur} ${w}` : w;
      if (f.widthOfTextAtSize(next, size) > width) {
        line(cur, f, size);
        cur = w;
      } else cur = next;
    }
    if (cur) line(cur, f, size);
    y -= 8;
  };
  line(AGENCY, bold, 10, 18);
  wrap(title, bold, 18);
  for (const para of bodies[name]) wrap(para);
  y -= 10;
  wrap(
    'By checking the agreement box in the application you acknowledge that you have read and agree to this document.',
    font,
    9,
  );
  return pdf.save({ useObjectStreams: false });
}
