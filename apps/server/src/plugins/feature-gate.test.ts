import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, buildTestApp, signUp, type TestApp } from '../../test/build.ts';
import { referrals } from '../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  // Every feature with its own API switched off by the operator.
  t = await buildTestApp({
    env: {
      FEATURE_CREDENTIALS_DROPBOX: 'false',
      FEATURE_REFER_A_FRIEND: 'false',
      FEATURE_DOCUMENTS_AND_SIGNATURES: 'false',
      FEATURE_UPDATE_BACKGROUND_QUESTIONS: 'false',
      FEATURE_SKILLS_CHECKLIST: 'false',
      FEATURE_TIMESHEETS: 'false',
    },
  });
});
afterAll(async () => t.close());

describe('feature flags on the server', () => {
  it("a feature's API answers 404 while its flag is off, whoever asks, and writes nothing", async () => {
    const u = await signUp(t);
    const calls: [string, string, unknown?][] = [
      ['GET', 'HcpCredentialsDropbox/getUploadedDropboxDocuments'],
      ['POST', 'HcpCredentialsDropbox/deleteDocument', { documentId: 1 }],
      [
        'POST',
        'HcpReferral/saveReferral',
        { FirstName: 'Ann', LastName: 'Friend', PhoneNumber: '5125550111', DisciplineId: 13, SpecialtyId: 0 },
      ],
      ['GET', 'DocumentsAndSignatures/getDocumentsAndSignatures'],
      ['GET', 'DocumentsAndSignatures/getTrsDocument?signatureTypeId=1'],
      ['GET', 'BackgroundQuestions/getBackgroundAnswers'],
      ['GET', 'HcpSkills/getHcpHshItems'],
      ['POST', 'HcpSkills/assignSkillsChecklists', { checklistIds: [1] }],
      ['GET', 'Timesheets/getList'],
    ];
    for (const [method, url, payload] of calls)
      for (const headers of [auth(u.token), {}]) {
        const res = await t.app.inject({
          method: method as 'GET' | 'POST',
          url: `/core/api/${url}`,
          headers,
          payload: payload as object,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe('No such API endpoint');
      }
    expect(await t.ctx.db.select().from(referrals).where(eq(referrals.referrerUserId, u.userId))).toEqual([]);
    // Features without a flag still answer.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/core/api/HcpApiUser/userInfo',
          headers: auth(u.token),
        })
      ).statusCode,
    ).toBe(200);
  });
});
