import { AGENCY } from '../contracts/pdf.ts';

const a = AGENCY.name;

/** Body text of the TRS employment documents (by signature type) and the policy documents. */
export const trsDocumentTexts: Record<number, string[]> = {
  1: [
    `This handbook describes how ${a} works with its travel clinicians: how assignments are offered, how contracts are signed, how time is reported and how pay, stipends and benefits are handled.`,
    'Clinicians report their worked shifts on weekly timesheets through the clinician portal before the pay period closes. A submitted or locked pay period can be corrected only through the payroll team.',
    'Clinicians keep their licenses and certifications current and upload renewals through the credentials dropbox before they expire.',
    'Concerns about an assignment, a facility or a colleague can be raised at any time with the recruiter or through the grievance policy, without retaliation.',
  ],
  2: [
    `I authorize ${a} to obtain information about my education, employment, licenses and certifications from the sources I listed in my application, and I release those sources from liability for providing it.`,
  ],
  3: [
    `${a} may present my profile to client facilities for the positions I apply for. I will not accept a position at a facility ${a} presented me to through another agency for twelve months.`,
  ],
  4: [
    `I will protect the privacy of patient health information as HIPAA requires, use it only to care for patients, and report any disclosure I become aware of to ${a} at once.`,
  ],
  5: [
    `${a} may obtain a consumer report (background check) about me for employment purposes, now and during my employment.`,
  ],
  6: [
    'A Summary of Your Rights Under the Fair Credit Reporting Act: you have the right to know what is in your file, to dispute incomplete or inaccurate information, and to be told if information in your file has been used against you.',
  ],
  7: [
    'California applicants may request a copy of any consumer report obtained about them by checking the box on the disclosure form.',
  ],
  8: [
    `I authorize ${a} to obtain investigative consumer reports about me as California law permits, and I may request the nature and scope of any such report.`,
  ],
  9: [
    'I certify that the information in my application is true and complete, and I understand that false or missing information may lead to the end of my employment.',
  ],
  10: [
    `${a} and I agree to resolve employment disputes through individual binding arbitration rather than in court, except where the law does not allow it.`,
  ],
  11: [
    `I agree to sign documents electronically and to receive communications from ${a} electronically; an electronic signature has the same effect as a handwritten one.`,
  ],
};

export const policyDocuments: Record<'Grievance' | 'Handbook', { title: string; paragraphs: string[] }> = {
  Grievance: {
    title: 'Grievance Policy',
    paragraphs: [
      `${a} wants every clinician to be treated fairly. This policy describes how to raise a complaint about pay, an assignment, a facility, a colleague or ${a} itself.`,
      'Step 1. Tell your recruiter about the concern as soon as you can, by phone or email. Most concerns are resolved here within two business days.',
      `Step 2. If the concern is not resolved, or involves your recruiter, write to the Clinical Services team at ${AGENCY.phone}. A clinical manager answers within five business days.`,
      'Step 3. If you are still not satisfied, ask for a review by the Director of Clinical Services, whose decision is final.',
      'Concerns about patient safety, harassment or discrimination may go straight to Clinical Services or Human Resources at any step. No clinician will be retaliated against for raising a concern in good faith.',
    ],
  },
  Handbook: { title: 'TRS Handbook', paragraphs: trsDocumentTexts[1]! },
};
