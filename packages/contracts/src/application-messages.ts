// The application's messages (no schemas: the step frame shows them on every application page).
export const applicationMessages = {
  // The employment step's guidance, one line so it can be found as written.
  employmentHelp:
    'Include relevant clinical employment history for the last seven years. Only list per diem employment if it filled a gap of 30+ days.',
  somethingWrong: 'It looks like something went wrong. Please try again.',
  somethingWrongTitle: 'Something went wrong...',
  certificationFailed: 'It looks like something went wrong. Please double check your certification file and try again.',
  employmentVerified: 'TRS has verified this record. It cannot be edited or deleted.',
  certificationVerified: 'TRS has verified this record. It cannot be deleted.',
  degreeVerified: 'TRS has verified this record. It cannot be edited or deleted.',
  lastRecord: 'At least one record is required.',
  recordInUse:
    'A reference is from this job. To delete it, choose another facility for that reference on the References step first.',
  invalidPhone: 'Please enter a 10 digit phone number',
  sameReference: 'Please name someone else: Reference 1 is already this person',
  olderReference:
    'You left this job more than two years ago. We ask for references from the last two years: choose a more recent job if you can.',
  invalidEmail: 'Please enter a valid email',
  invalidSsn: 'Please enter a 9 digit social security number',
  ssnOnFile: 'We already have your SSN on file',
  /** Nine zeros typed as a first SSN: the right length, but no one's number. */
  ssnZeros: '000-00-0000 is not a valid social security number',
  fileTooLarge: 'The file is larger than 30 MB. Please choose a smaller file.',
  fileType:
    'This file type is not accepted. Please upload a PDF, Word document or image (pdf, doc, docx, jpg, jpeg, png, gif, bmp, jfif).',
  incomplete: 'Please complete every step of the application before submitting it.',
} as const;
