import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { stepsInOrder } from './application/repository.ts';
import * as formsRepo from './application-forms/repository.ts';
import * as certRepo from './certifications/repository.ts';
import * as employmentRepo from './employment/repository.ts';
import { ProfileService } from './profile/service.ts';

/**
 * What the agency reads of a clinician's record and the one thing it decides about it: whether the application's
 * records are verified. The SSN never leaves the portal, only whether one is on file.
 */
export async function recordForAgency(ctx: AppContext, userId: number) {
  const db = ctx.db;
  const [steps, profile, hasSsn, employment, degrees, certs] = await Promise.all([
    stepsInOrder(db, userId),
    new ProfileService(ctx).getProfile(userId),
    formsRepo.hasSsn(db, userId),
    employmentRepo.listRecords(db, userId),
    formsRepo.listDegrees(db, userId),
    certRepo.list(db, userId),
  ]);
  return {
    steps,
    profile,
    hasSsn,
    verification: {
      employment: employment.map((e) => ({ employmentHistoryId: e.id, verified: e.isVerified })),
      education: degrees.map((d) => ({ degreeId: d.id, verified: d.verified })),
      certifications: certs.map((x) => ({ certId: x.id, verified: x.verified })),
    },
  };
}

export interface RecordIds {
  employment: number[];
  education: number[];
  certifications: number[];
}

/**
 * Marks application records verified (or not), in the caller's transaction. Every id must be one of the
 * clinician's records of that kind, or nothing changes (404). Answers the ids that changed, by kind.
 */
export async function verifyRecords(tx: DbOrTx, userId: number, ids: RecordIds, verified: boolean): Promise<RecordIds> {
  const [employment, degrees, certs] = await Promise.all([
    employmentRepo.listRecords(tx, userId),
    formsRepo.listDegrees(tx, userId),
    certRepo.list(tx, userId),
  ]);
  const owned = (list: { id: number }[], wanted: number[], what: string) => {
    const mine = new Set(list.map((r) => r.id));
    const missing = wanted.find((id) => !mine.has(id));
    if (missing !== undefined) throw notFound(`${what} ${missing} of clinician ${userId}`);
  };
  owned(employment, ids.employment, 'Employment record');
  owned(degrees, ids.education, 'Degree');
  owned(certs, ids.certifications, 'Certification');
  return {
    employment: await employmentRepo.setVerified(tx, userId, ids.employment, verified),
    education: await formsRepo.setDegreesVerified(tx, userId, ids.education, verified),
    certifications: await certRepo.setVerified(tx, userId, ids.certifications, verified),
  };
}
