/**
 * The clinician record: the employment application and its steps (background, address, license, education,
 * employment, references, certifications with files, identification, the pre-employment documents and the TRS
 * documents signed with it), the profile built on it, the public reference form and its requests, the credentials
 * dropbox and referrals.
 */
import type { BackgroundTask } from '../../context.ts';
import type { OwnedFileArea } from '../platform/index.ts';
import * as certificationsRepo from './certifications/repository.ts';
import { CERTIFICATION_FILE_AREA } from './certifications/service.ts';
import * as dropboxRepo from './dropbox/repository.ts';
import { DropboxService, UPLOAD_AREA } from './dropbox/service.ts';

export { applicationRoutes } from './application/routes.ts';
export { applicationFormRoutes } from './application-forms/routes.ts';
export { applicationEmploymentRoutes } from './employment/routes.ts';
export { applicationCertificationRoutes } from './certifications/routes.ts';
export { profileRoutes } from './profile/routes.ts';
export { referenceFormRoutes } from './references/routes.ts';
export { dropboxRoutes } from './dropbox/routes.ts';
export { referralRoutes } from './referral/routes.ts';

export { applicationDemoSeeder } from './application/demo-seeder.ts';
export { referenceFormDemoSeeder } from './references/demo-seeder.ts';

/** Uploads never attached are removed after a day. */
export const clinicianRecordTasks: BackgroundTask[] = [
  { name: 'dropbox-stale-uploads', everyMs: 60 * 60_000, run: (ctx) => new DropboxService(ctx).removeStaleUploads() },
];

/** The storage areas whose files belong to this module's rows (the orphan-file sweep asks which are still named). */
export const clinicianRecordFileAreas: OwnedFileArea[] = [
  { area: UPLOAD_AREA, referenced: dropboxRepo.referencedKeys },
  { area: CERTIFICATION_FILE_AREA, referenced: certificationsRepo.referencedKeys },
];

// The TRS employment documents (signed with the application; the e-documents page lists them).
export { signedTrsDocument, signedTrsDocumentsOf, signTrsDocuments } from './application/repository.ts';

// The agency's reads and its verification of records.
export { recordForAgency, verifyRecords } from './agency-view.ts';
export { CertificationService } from './certifications/service.ts';
export { referenceAnswersAfter } from './references/repository.ts';
export { referralsAfter } from './referral/repository.ts';
export { documentFile as dropboxDocumentFile, documentsAfter as dropboxDocumentsAfter } from './dropbox/repository.ts';
