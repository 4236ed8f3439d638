import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, signUp, type TestApp } from '../../../../test/build.ts';
import {
  api,
  completeAllSteps,
  stateIdOf,
  tinyPdf,
  validAddress,
  validBackground,
  validDegree,
  validEmployment,
  validLicense,
  validReferences,
} from '../../../../test/application-factories.ts';
import { agencyKey, keyAuth } from '../../../../test/agency-factories.ts';
import { applicationDocuments, localIsoDate } from '@hcp/contracts';
import { PDFDocument } from 'pdf-lib';
import {
  backgroundAnswers,
  employmentHistories,
  hcpCertifications,
  hcpDegrees,
  hcpIdentifications,
  hcpReferences,
  mailOutbox,
  users,
} from '../../../db/schema/index.ts';
import { decryptField } from '../../../lib/crypto.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1000' } });
});
afterAll(async () => t.close());

/** The reference-request mails queued to a referee's address. */
const referenceMailsTo = async (app: TestApp, to: string) =>
  (await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).filter(
    (m) => m.kind === 'reference-request',
  );

const steps = async (token: string) =>
  (await api(t, token, 'GET', 'HcpJobApplication/getCompletedHCPApplicationSteps')).json().completedSteps as string[];

describe('authentication', () => {
  it('refuses every application call without a token', async () => {
    for (const [m, p] of [
      ['GET', 'HcpBackground/hcpBackgroundAnswers'],
      ['POST', 'HcpWebApplicationStep/updateWebApplicationStep'],
      ['GET', 'HcpEmploymentHistory/getEmploymentHistoryRecords'],
      ['GET', 'SubmitApplication/getSubmitApplicationDocuments/Handbook'],
      ['POST', 'HcpCertification/saveCertification'],
    ] as const) {
      const res = await t.app.inject({ method: m, url: `/core/api/${p}` });
      expect(res.statusCode, p).toBe(401);
    }
  });
});

describe('steps', () => {
  it('records Started and refuses unknown or data-backed steps', async () => {
    const u = await signUp(t);
    expect(await steps(u.token)).toEqual([]);
    expect(
      (
        await api(t, u.token, 'POST', 'HcpWebApplicationStep/updateWebApplicationStep', {
          StepName: 'Started',
          StepComplete: true,
        })
      ).status,
    ).toBe(200);
    expect(await steps(u.token)).toEqual(['Started']);
    expect(
      (
        await api(t, u.token, 'POST', 'HcpWebApplicationStep/updateWebApplicationStep', {
          StepName: "x'; drop table users;--",
          StepComplete: true,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api(t, u.token, 'POST', 'HcpWebApplicationStep/updateWebApplicationStep', {
          StepName: 'Background',
          StepComplete: true,
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await api(t, u.token, 'POST', 'HcpWebApplicationStep/updateWebApplicationStep', {
          StepName: 'Employment',
          StepComplete: true,
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await api(t, u.token, 'POST', 'HcpWebApplicationStep/updateWebApplicationStep', {
          StepName: 'Skills_Checklist_Summary',
          StepComplete: true,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api(t, u.token, 'POST', 'HcpWebApplicationStep/updateWebApplicationStep', {
          StepName: 'Started',
          StepComplete: 'yes',
        })
      ).status,
    ).toBe(400);
    expect(await steps(u.token)).toEqual(['Started']);
  });
});

describe('background', () => {
  it('saves complete answers, marks the step and sends null authorization for citizens', async () => {
    const u = await signUp(t);
    const empty = (await api(t, u.token, 'GET', 'HcpBackground/hcpBackgroundAnswers')).json();
    expect(Object.values(empty).every((v) => v === null)).toBe(true);
    const res = await api(t, u.token, 'POST', 'HcpBackground/hcpBackgroundAnswers', {
      ...validBackground,
      isAuthorizedToWorkInUs: false,
    });
    expect(res.status).toBe(200);
    const got = (await api(t, u.token, 'GET', 'HcpBackground/hcpBackgroundAnswers')).json();
    expect(got.isAuthorizedToWorkInUs).toBeNull();
    expect(await steps(u.token)).toContain('Background');
  });

  it('applies the Q1/Q2, military and California rules', async () => {
    const u = await signUp(t);
    const post = (b: object) =>
      api(t, u.token, 'POST', 'HcpBackground/hcpBackgroundAnswers', { ...validBackground, ...b });
    expect((await post({ isUsCitizen: false, isAuthorizedToWorkInUs: false })).status).toBe(422);
    expect((await post({ isUsCitizen: false, isAuthorizedToWorkInUs: null })).status).toBe(422);
    expect((await post({ hasMilitaryService: true })).status).toBe(422);
    expect(
      (await post({ hasMilitaryService: true, militaryStartDate: '2015-01-01', militaryEndDate: '2014-01-01' })).status,
    ).toBe(422);
    expect((await post({ liabilityAction: null })).status).toBe(422);
    expect((await post({ convicted: null })).status).toBe(422);
    expect((await post({ isBilingual: 'yes' })).status).toBe(400);
    expect(await steps(u.token)).not.toContain('Background');
    expect((await post({ isCaliforniaResident: true, convicted: null, hasHadMisconductActivity: null })).status).toBe(
      200,
    );
    expect(
      (
        await post({
          isUsCitizen: false,
          isAuthorizedToWorkInUs: true,
          hasMilitaryService: true,
          militaryStartDate: '2010-01-01',
        })
      ).status,
    ).toBe(200);
    const [row] = await t.ctx.db.select().from(backgroundAnswers).where(eq(backgroundAnswers.userId, u.userId));
    expect(row!.militaryStartDate).toBe('2010-01-01');
    expect(row!.isAuthorizedToWorkInUs).toBe(true);
  });
});

describe('address', () => {
  it('stores US and Canadian addresses and recognises USA / US', async () => {
    const u = await signUp(t);
    expect(
      (
        await api(t, u.token, 'POST', 'HcpPermanentAddress/permanentAddress', {
          ...validAddress,
          country: 'USA',
          state: 'TX',
        })
      ).status,
    ).toBe(200);
    const us = (await api(t, u.token, 'GET', 'HcpPermanentAddress/permanentAddress')).json();
    expect(us).toMatchObject({ country: 'United States', state: 'Texas', zipCode: '78701', province: null });
    expect(
      (
        await api(t, u.token, 'POST', 'HcpPermanentAddress/permanentAddress', {
          ...validAddress,
          country: 'Canada',
          state: null,
          zipCode: null,
          province: 'Ontario',
          postalCode: 'k1a 0b1',
        })
      ).status,
    ).toBe(200);
    const ca = (await api(t, u.token, 'GET', 'HcpPermanentAddress/getHcpPermanentAddress')).json();
    expect(ca).toMatchObject({
      country: 'Canada',
      province: 'Ontario',
      postalCode: 'K1A 0B1',
      state: null,
      zipCode: null,
    });
    expect(await steps(u.token)).toContain('Address');
    const states = (await api(t, u.token, 'GET', 'HcpPermanentAddress/permanentAddressStates')).json() as {
      countryName: string;
    }[];
    expect(states.filter((s) => s.countryName === 'Canada')).toHaveLength(13);
  });

  it('stores a Canadian postal code in its written form, however it was typed, and answers it so everywhere', async () => {
    const u = await signUp(t);
    const canadian = (postalCode: string) =>
      api(t, u.token, 'POST', 'HcpPermanentAddress/permanentAddress', {
        ...validAddress,
        country: 'Canada',
        state: null,
        zipCode: null,
        province: 'Ontario',
        postalCode,
      });
    const key = await agencyKey(t, ['read']);
    for (const typed of ['k1n5y4', 'K1N 5Y4', ' k1n 5y4 ']) {
      expect((await canadian(typed)).status, typed).toBe(200);
      // The application's step, the clinician's profile and the agency all read 'K1N 5Y4'.
      expect((await api(t, u.token, 'GET', 'HcpPermanentAddress/permanentAddress')).json().postalCode).toBe('K1N 5Y4');
      expect((await api(t, u.token, 'GET', 'HcpProfileData/getProfile')).json().postalCode).toBe('K1N 5Y4');
      const agency = await t.app.inject({
        method: 'GET',
        url: `/core/api/agency/clinicians/${u.userId}`,
        headers: keyAuth(key),
      });
      expect(agency.json().profile.postalCode).toBe('K1N 5Y4');
    }
  });

  it('refuses incomplete or foreign addresses and keeps the old one', async () => {
    const u = await signUp(t);
    await api(t, u.token, 'POST', 'HcpPermanentAddress/permanentAddress', validAddress);
    for (const bad of [
      { zipCode: '7870' },
      { state: 'Atlantis' },
      { country: 'Mexico' },
      { streetAddress: '   ' },
      { country: 'Canada', province: 'Ontario', postalCode: '12345' },
      { city: 'x'.repeat(500) },
    ]) {
      const r = await api(t, u.token, 'POST', 'HcpPermanentAddress/permanentAddress', { ...validAddress, ...bad });
      expect(r.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    expect((await api(t, u.token, 'GET', 'HcpPermanentAddress/permanentAddress')).json()).toMatchObject({
      city: 'Austin',
      zipCode: '78701',
    });
  });
});

describe('license', () => {
  it('saves a license, refuses compact in a non-compact state, accepts no license', async () => {
    const u = await signUp(t);
    const tx = await stateIdOf(t, u.token, 'Texas');
    const ca = await stateIdOf(t, u.token, 'California');
    expect(
      (await api(t, u.token, 'POST', 'HcpLicenseSearchInfo', { ...validLicense, stateId: ca, isCompact: true })).status,
    ).toBe(422);
    expect(
      (await api(t, u.token, 'POST', 'HcpLicenseSearchInfo', { ...validLicense, stateId: tx, licenseNumber: '' }))
        .status,
    ).toBe(422);
    expect(
      (await api(t, u.token, 'POST', 'HcpLicenseSearchInfo', { ...validLicense, stateId: tx, nursysLicenseType: 'MD' }))
        .status,
    ).toBe(400);
    expect((await api(t, u.token, 'POST', 'HcpLicenseSearchInfo', { ...validLicense, stateId: 999999 })).status).toBe(
      404,
    );
    expect(await steps(u.token)).not.toContain('License Info');
    expect(
      (await api(t, u.token, 'POST', 'HcpLicenseSearchInfo', { ...validLicense, stateId: tx, isCompact: true })).status,
    ).toBe(200);
    expect((await api(t, u.token, 'GET', 'HcpLicenseSearchInfo')).json()).toMatchObject({
      hasLicense: true,
      stateId: tx,
      nursysLicenseType: 'RN',
      isCompact: true,
    });
    expect(
      (
        await api(t, u.token, 'POST', 'HcpLicenseSearchInfo', {
          hasLicense: false,
          stateId: null,
          nursysLicenseType: null,
          licenseNumber: null,
          nameOnLicense: null,
          isCompact: null,
        })
      ).status,
    ).toBe(200);
    expect((await api(t, u.token, 'GET', 'HcpLicenseSearchInfo')).json()).toMatchObject({
      hasLicense: false,
      licenseNumber: null,
    });
  });

  it('forces the no-license box for allied disciplines', async () => {
    const u = await signUp(t, { ProfessionId: 14 });
    const tx = await stateIdOf(t, u.token, 'Texas');
    expect((await api(t, u.token, 'POST', 'HcpLicenseSearchInfo', { ...validLicense, stateId: tx })).status).toBe(200);
    expect((await api(t, u.token, 'GET', 'HcpLicenseSearchInfo')).json().hasLicense).toBe(false);
  });
});

describe('education', () => {
  it('saves, edits and deletes degrees with the date, verified and last-record rules', async () => {
    const u = await signUp(t);
    const other = await signUp(t);
    expect((await api(t, u.token, 'GET', 'HcpJobApplication/getDegreeTypes')).json().length).toBeGreaterThan(3);
    expect((await api(t, u.token, 'GET', 'HcpJobApplication/getDegreeFields')).json().length).toBeGreaterThan(3);
    const year = new Date().getFullYear();
    for (const degreeDate of ['13/2015', '0/2015', '05/1849', `05/${year + 21}`, '5-2015', '05/15'])
      expect(
        (await api(t, u.token, 'POST', 'HcpDegree/saveHcpDegree', { ...validDegree, degreeDate })).status,
        degreeDate,
      ).toBe(422);
    expect(
      (await api(t, u.token, 'POST', 'HcpDegree/saveHcpDegree', { ...validDegree, degreeTypeId: 999 })).status,
    ).toBe(422);
    const a = (
      await api(t, u.token, 'POST', 'HcpDegree/saveHcpDegree', { ...validDegree, degreeDate: `1/${year + 20}` })
    ).json().degreeId;
    expect(await steps(u.token)).toContain('Education');
    // last record cannot be deleted
    expect(
      (await api(t, u.token, 'POST', 'HcpDegree/saveHcpDegree', { ...validDegree, degreeId: a, deleted: true })).status,
    ).toBe(409);
    const b = (
      await api(t, u.token, 'POST', 'HcpDegree/saveHcpDegree', {
        ...validDegree,
        school: "O'Brien; DROP TABLE hcp_degrees;--",
      })
    ).json().degreeId;
    // another clinician's id
    expect(
      (await api(t, other.token, 'POST', 'HcpDegree/saveHcpDegree', { ...validDegree, degreeId: b, school: 'Hijack' }))
        .status,
    ).toBe(404);
    expect(
      (await api(t, other.token, 'POST', 'HcpDegree/saveHcpDegree', { ...validDegree, degreeId: b, deleted: true }))
        .status,
    ).toBe(404);
    expect(
      (await api(t, u.token, 'POST', 'HcpDegree/saveHcpDegree', { ...validDegree, degreeId: b, school: 'Edited' }))
        .status,
    ).toBe(200);
    // verified cannot be deleted
    await t.ctx.db.update(hcpDegrees).set({ verified: true }).where(eq(hcpDegrees.id, a));
    expect(
      (await api(t, u.token, 'POST', 'HcpDegree/saveHcpDegree', { ...validDegree, degreeId: a, deleted: true })).status,
    ).toBe(409);
    expect(
      (await api(t, u.token, 'POST', 'HcpDegree/saveHcpDegree', { ...validDegree, degreeId: b, deleted: true })).status,
    ).toBe(200);
    const list = (await api(t, u.token, 'GET', 'HcpDegree/getHcpDegrees')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      degreeId: a,
      verified: true,
      degreeDate: `01/${year + 20}`,
      degreeType: 'Bachelor (BA/BS/BSN)',
    });
  });
});

describe('employment history', () => {
  it('inserts, updates, deletes and orders records; marks Employment', async () => {
    const u = await signUp(t);
    const other = await signUp(t);
    const tx = await stateIdOf(t, u.token, 'Texas');
    const opts = (await api(t, u.token, 'GET', 'HcpEmploymentHistory/optionsv2')).json();
    expect(opts.electronicMedicalRecordsSystems.slice(0, 3).every((e: { isPopular: boolean }) => e.isPopular)).toBe(
      true,
    );
    expect(opts.months).toHaveLength(12);
    const a = (await api(t, u.token, 'POST', 'HcpEmploymentHistory/insert', validEmployment({ stateId: tx }))).json()
      .employmentHistoryId;
    const b = (
      await api(
        t,
        u.token,
        'POST',
        'HcpEmploymentHistory/insert',
        validEmployment({
          employmentTypeId: 5,
          facilityName: null,
          city: null,
          stateId: null,
          professionId: null,
          specialties: [],
          emrs: [],
          startYear: 2023,
          startMonth: 7,
          endMonth: null,
          endYear: null,
        }),
      )
    ).json().employmentHistoryId;
    expect(
      (
        await api(t, u.token, 'POST', 'HcpWebApplicationStep/updateWebApplicationStep', {
          StepName: 'Employment',
          StepComplete: true,
        })
      ).status,
    ).toBe(200);
    expect(await steps(u.token)).toContain('Employment');
    expect(
      (
        await api(
          t,
          u.token,
          'PUT',
          'HcpEmploymentHistory/update',
          validEmployment({
            employmentHistoryId: a,
            stateId: tx,
            employmentTypeId: 3,
            shiftPerMonth: '6',
            facilityName: "Robert'); DROP TABLE users;--",
          }),
        )
      ).status,
    ).toBe(200);
    const list = (await api(t, u.token, 'GET', 'HcpEmploymentHistory/getEmploymentHistoryRecords')).json();
    expect(list.find((r: { employmentHistoryId: number }) => r.employmentHistoryId === a)).toMatchObject({
      shiftPerMonth: '6',
      facilityName: "Robert'); DROP TABLE users;--",
    });
    expect(list.find((r: { employmentHistoryId: number }) => r.employmentHistoryId === b)).toMatchObject({
      facilityName: null,
      endYear: null,
    });
    const recent = (await api(t, u.token, 'GET', 'HcpEmploymentHistory/recentEmploymentHistory')).json();
    expect(recent.map((r: { historyId: number }) => r.historyId)).toEqual([a]);
    expect((await api(t, u.token, 'GET', 'HcpReferences/getFacilityOptions')).json().facilityOptions).toHaveLength(1);
    // other clinician
    expect(
      (
        await api(
          t,
          other.token,
          'PUT',
          'HcpEmploymentHistory/update',
          validEmployment({ employmentHistoryId: a, stateId: tx }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await api(t, other.token, 'DELETE', 'HcpEmploymentHistory/delete', { EmploymentHistoryId: a })).status,
    ).toBe(404);
    expect((await api(t, u.token, 'DELETE', 'HcpEmploymentHistory/delete', { EmploymentHistoryId: b })).status).toBe(
      200,
    );
    // last record
    expect((await api(t, u.token, 'DELETE', 'HcpEmploymentHistory/delete', { EmploymentHistoryId: a })).status).toBe(
      409,
    );
    expect(
      (await api(t, u.token, 'DELETE', 'HcpEmploymentHistory/delete', { EmploymentHistoryId: 'abc' })).status,
    ).toBe(400);
  });

  it('applies the record rules and refuses verified edits', async () => {
    const u = await signUp(t);
    const tx = await stateIdOf(t, u.token, 'Texas');
    const bad = [
      { emrs: [] },
      { specialties: [] },
      { specialties: [999] },
      { emrs: [999] },
      { city: '' },
      { stateId: 0 },
      { endMonth: null },
      { startYear: 2024, endYear: 2020 },
      { startYear: new Date().getFullYear() + 1, endYear: null, endMonth: null },
      { employmentTypeId: 2, agencyName: null },
      { professionId: 999999 },
      { employmentTypeId: 99 },
      { shiftPerMonth: '12a' },
      { unitsFloated: 'x'.repeat(51) },
      { startMonth: 13 },
    ];
    for (const b of bad) {
      const r = await api(t, u.token, 'POST', 'HcpEmploymentHistory/insert', validEmployment({ stateId: tx, ...b }));
      expect(r.status, JSON.stringify(b)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    expect(
      (await t.ctx.db.select().from(employmentHistories).where(eq(employmentHistories.userId, u.userId))).length,
    ).toBe(0);
    // type 4 needs only facility and dates
    expect(
      (
        await api(
          t,
          u.token,
          'POST',
          'HcpEmploymentHistory/insert',
          validEmployment({
            employmentTypeId: 4,
            city: null,
            stateId: null,
            professionId: null,
            specialties: [],
            emrs: [],
          }),
        )
      ).status,
    ).toBe(200);
    const id = (
      await api(
        t,
        u.token,
        'POST',
        'HcpEmploymentHistory/insert',
        validEmployment({ stateId: tx, unitsFloated: 'ICU, PCU' }),
      )
    ).json().employmentHistoryId;
    await t.ctx.db.update(employmentHistories).set({ isVerified: true }).where(eq(employmentHistories.id, id));
    const upd = await api(
      t,
      u.token,
      'PUT',
      'HcpEmploymentHistory/update',
      validEmployment({ employmentHistoryId: id, stateId: tx, facilityName: 'Changed' }),
    );
    expect(upd.status).toBe(409);
    expect(upd.json().message).toBe('TRS has verified this record. It cannot be edited or deleted.');
    expect((await api(t, u.token, 'DELETE', 'HcpEmploymentHistory/delete', { EmploymentHistoryId: id })).status).toBe(
      409,
    );
  });
});

describe('employment options', () => {
  it('lists the professions alphabetically, letter case aside', async () => {
    const u = await signUp(t);
    const names = (await api(t, u.token, 'GET', 'HcpEmploymentHistory/optionsv2'))
      .json()
      .professions.map((p: { name: string }) => p.name) as string[];
    const at = (n: string) => names.indexOf(n);
    expect(at('Cardiovascular Technologist')).toBeLessThan(at('Cath Lab Technologist'));
    expect(at('Cath Lab Technologist')).toBeLessThan(at('CT Technologist'));
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });
});

describe('references', () => {
  it('saves the two references and refuses foreign records and bad fields', async () => {
    const u = await signUp(t);
    const other = await signUp(t);
    const tx = await stateIdOf(t, u.token, 'Texas');
    const mine = (await api(t, u.token, 'POST', 'HcpEmploymentHistory/insert', validEmployment({ stateId: tx }))).json()
      .employmentHistoryId;
    const theirs = (
      await api(t, other.token, 'POST', 'HcpEmploymentHistory/insert', validEmployment({ stateId: tx }))
    ).json().employmentHistoryId;
    const post = (body: unknown) => api(t, u.token, 'POST', 'HcpJobApplication/HcpReferences', body);
    expect((await post(validReferences(theirs))).status).toBe(404);
    const withPhone = validReferences(mine);
    withPhone[0]!.phoneNumber = '512555abcd';
    expect((await post(withPhone)).status).toBe(400);
    const withEmail = validReferences(mine);
    withEmail[0]!.email = 'not-an-email';
    expect((await post(withEmail)).status).toBe(400);
    expect((await post([validReferences(mine)[0]])).status).toBe(400);
    const wrongType = validReferences(mine) as unknown as Record<string, unknown>[];
    wrongType[1]!.phoneType = 'Fax';
    expect((await post(wrongType)).status).toBe(400);
    // The same person twice (by name in any case, or by email) is refused.
    const twice = validReferences(mine);
    twice[1]!.firstName = ' REF0 ';
    expect((await post(twice)).status).toBe(400);
    const sameEmail = validReferences(mine, 'same@example.com');
    sameEmail[1]!.email = 'Same@Example.com';
    expect((await post(sameEmail)).status).toBe(400);
    expect((await t.ctx.db.select().from(hcpReferences).where(eq(hcpReferences.userId, u.userId))).length).toBe(0);
    expect((await post(validReferences(mine))).status).toBe(200);
    expect((await post(validReferences(mine))).status).toBe(200);
    const got = (await api(t, u.token, 'GET', 'HcpJobApplication/getHcpReferences')).json();
    expect(got.ok).toBe(true);
    expect(got.references).toHaveLength(2);
    expect(got.references[0]).toMatchObject({
      referenceNumber: 0,
      facility: 'General Hospital',
      facilityState: 'TX',
      phoneType: 'Mobile',
    });
    expect(await steps(u.token)).toContain('References');
    // A record used by a reference cannot be deleted; the refusal says why in words the web shows as they are.
    await api(t, u.token, 'POST', 'HcpEmploymentHistory/insert', validEmployment({ stateId: tx }));
    const refused = await api(t, u.token, 'DELETE', 'HcpEmploymentHistory/delete', { EmploymentHistoryId: mine });
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'record_in_use',
      message:
        'A reference is from this job. To delete it, choose another facility for that reference on the References step first.',
    });
  });
  it('mails no referee while the application is unfinished; the step that completes it asks each referee once', async () => {
    const u = await signUp(t);
    const { refereeEmail } = await completeAllSteps(t, u.token);
    const tx = await stateIdOf(t, u.token, 'Texas');
    // A second referee with an address, saved in the references step of a clinician who then stops halfway.
    const second = `second.${u.userId}@example.com`;
    const emp = (await api(t, u.token, 'POST', 'HcpEmploymentHistory/insert', validEmployment({ stateId: tx }))).json()
      .employmentHistoryId as number;
    const refs = validReferences(emp, refereeEmail);
    refs[1]!.email = second;
    expect((await api(t, u.token, 'POST', 'HcpJobApplication/HcpReferences', refs)).status).toBe(200);
    const mailsTo = (to: string) => referenceMailsTo(t, to);
    expect(await mailsTo(refereeEmail)).toEqual([]);
    expect(await mailsTo(second)).toEqual([]);
    // Agreeing to the documents completes the application (the terms-first flow's last step): both are asked then.
    expect((await api(t, u.token, 'POST', 'InitialDocuments/saveInitialDocuments')).json().applicationComplete).toBe(
      true,
    );
    expect(await mailsTo(refereeEmail)).toHaveLength(1);
    expect(await mailsTo(second)).toHaveLength(1);
    // Submitting again asks nobody twice.
    expect((await api(t, u.token, 'POST', 'SubmitApplication/saveSubmitApplication')).status).toBe(200);
    expect(await mailsTo(refereeEmail)).toHaveLength(1);
    expect(await mailsTo(second)).toHaveLength(1);
    // The deadline reads as a US date.
    expect((await mailsTo(second))[0]!.textBody).toMatch(/by \d{2}\/\d{2}\/\d{4}:/);
  });
});

describe('certifications', () => {
  it('saves with and without files, lists newest first, deletes by flag', async () => {
    const u = await signUp(t);
    const other = await signUp(t);
    expect((await api(t, u.token, 'GET', 'HcpCertification/hcpCertificationTypes')).json()[0]).toMatchObject({
      certTypeId: 1,
      hasExpireDate: true,
    });
    const save = (b: object, token = u.token) =>
      api(t, token, 'POST', 'HcpCertification/saveCertification', {
        certId: null,
        certificationTypeId: 1,
        expirationDate: '2030-01-01',
        deleted: false,
        ...b,
      });
    expect((await save({ expirationDate: null })).status).toBe(422);
    expect((await save({ certificationTypeId: 999 })).status).toBe(404);
    const a = (await save({ file: { content: tinyPdf.toString('base64'), extension: 'pdf' } })).json().certId;
    const b = (await save({ certificationTypeId: 2 })).json().certId;
    const list = (await api(t, u.token, 'GET', 'HcpCertification/hcpCertifications')).json();
    expect(list.map((c: { certId: number }) => c.certId)).toEqual([b, a]);
    expect(list[1]).toMatchObject({ hasFile: true, certificationType: 'BLS', saved: true });
    const file = await api(t, u.token, 'GET', `HcpCertification/getCertificationFile/${a}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect((await api(t, other.token, 'GET', `HcpCertification/getCertificationFile/${a}`)).status).toBe(404);
    expect((await save({ certId: a, deleted: true }, other.token)).status).toBe(404);
    expect((await save({ certId: a, certificationTypeId: 3 }, other.token)).status).toBe(404);
    expect(
      (
        await api(t, u.token, 'POST', 'HcpWebApplicationStep/updateWebApplicationStep', {
          StepName: 'Certifications',
          StepComplete: true,
        })
      ).status,
    ).toBe(200);
    await t.ctx.db.update(hcpCertifications).set({ verified: true }).where(eq(hcpCertifications.id, a));
    const v = await save({ certId: a, deleted: true });
    expect(v.status).toBe(409);
    expect(v.json().message).toBe('TRS has verified this record. It cannot be deleted.');
    expect((await save({ certId: b, deleted: true })).status).toBe(200);
    expect((await api(t, u.token, 'GET', 'HcpCertification/hcpCertifications')).json()).toHaveLength(1);
  });

  it('checks files by content and size', async () => {
    const u = await signUp(t);
    const save = (file: object) =>
      api(t, u.token, 'POST', 'HcpCertification/saveCertification', {
        certId: null,
        certificationTypeId: 1,
        expirationDate: '2030-01-01',
        deleted: false,
        file,
      });
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(200)]);
    expect((await save({ content: exe.toString('base64'), extension: 'pdf' })).status).toBe(415);
    expect((await save({ content: exe.toString('base64'), extension: 'exe' })).status).toBe(415);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    expect((await save({ content: png.toString('base64'), extension: 'pdf' })).status).toBe(415);
    expect((await save({ content: png.toString('base64'), extension: 'PNG' })).status).toBe(200);
    expect((await save({ content: 'not base64!!', extension: 'pdf' })).status).toBe(400);
    const big = Buffer.alloc(31 * 1024 * 1024, 0x20);
    tinyPdf.copy(big);
    const r = await save({ content: big.toString('base64'), extension: 'pdf' });
    expect(r.status).toBe(413);
    expect(r.json().message).toContain('30 MB');
    const rows = await t.ctx.db.select().from(hcpCertifications).where(eq(hcpCertifications.userId, u.userId));
    expect(rows).toHaveLength(1);
    expect((await t.ctx.storage.list(`certifications/${u.userId}`)).length).toBe(1);
  }, 60_000);
});

describe('identification', () => {
  it('encrypts the SSN, never returns it, answers no-store', async () => {
    const u = await signUp(t);
    const post = (b: object) =>
      api(t, u.token, 'POST', 'HcpIdentification/saveHcpIdentification', {
        SocialSecurityNumber: '123456789',
        DateOfBirth: '1990-01-01',
        ...b,
      });
    expect((await post({ SocialSecurityNumber: '12345678a' })).status).toBe(422);
    expect((await post({ SocialSecurityNumber: '12345678' })).status).toBe(422);
    expect((await post({ SocialSecurityNumber: '' })).status).toBe(422);
    const zeros = await post({ SocialSecurityNumber: '000000000' });
    expect(zeros.status).toBe(422);
    expect(zeros.json().message).toBe('000-00-0000 is not a valid social security number');
    expect((await post({ DateOfBirth: '2099-01-01' })).status).toBe(422);
    // A plausible age: a birth four days ago or in 1910 is refused with the accepted dates.
    const fourDaysOld = await post({ DateOfBirth: localIsoDate(new Date(), -4) });
    expect(fourDaysOld.status).toBe(422);
    expect(fourDaysOld.json().message).toMatch(/^Please enter a date of birth from \d{2}\/\d{2}\/\d{4} to /);
    expect((await post({ DateOfBirth: '1910-01-01' })).status).toBe(422);
    // Not a day at all, or a year out of the date type's range: refused by the schema with the field's message.
    expect((await post({ DateOfBirth: '2999-01-01' })).status).toBe(400);
    expect((await post({ DateOfBirth: '1990-02-30' })).status).toBe(400);
    expect((await post({ DateOfBirth: 'yesterday' })).status).toBe(400);
    expect(
      (await t.ctx.db.select().from(hcpIdentifications).where(eq(hcpIdentifications.userId, u.userId))).length,
    ).toBe(0);
    const ok = await post({});
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const get = await api(t, u.token, 'GET', 'HcpIdentification/identification');
    expect(get.json()).toEqual({ hasSocialSecurityNumber: true, dateOfBirth: '1990-01-01' });
    expect(get.body).not.toContain('123456789');
    expect(get.headers['cache-control']).toBe('no-store');
    const [row] = await t.ctx.db.select().from(hcpIdentifications).where(eq(hcpIdentifications.userId, u.userId));
    expect(row!.ssnEncrypted).not.toContain('123456789');
    expect(decryptField(t.ctx.secrets.dataKey, row!.ssnEncrypted)).toBe('123456789');
    // the placeholder (or empty) keeps the SSN on file
    expect((await post({ SocialSecurityNumber: '000000000', DateOfBirth: '1991-02-03' })).status).toBe(200);
    const [after] = await t.ctx.db.select().from(hcpIdentifications).where(eq(hcpIdentifications.userId, u.userId));
    expect(decryptField(t.ctx.secrets.dataKey, after!.ssnEncrypted)).toBe('123456789');
    expect(after!.dateOfBirth).toBe('1991-02-03');
    expect(await steps(u.token)).toContain('Identification');
  });
});

describe('documents and submission', () => {
  it('answers the eleven documents as PDFs', async () => {
    const u = await signUp(t);
    for (const d of applicationDocuments) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/core/api/SubmitApplication/getSubmitApplicationDocuments/${d.documentName}`,
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${d.documentName}.pdf"`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const pdf = await PDFDocument.load(res.rawPayload);
      expect(pdf.getTitle()).toBe(d.title);
      expect(pdf.getPageCount()).toBeGreaterThan(0);
    }
    expect(
      (await api(t, u.token, 'GET', 'SubmitApplication/getSubmitApplicationDocuments/..%2F..%2Fetc%2Fpasswd')).status,
    ).toBe(404);
    expect((await api(t, u.token, 'GET', 'SubmitApplication/getSubmitApplicationDocuments/Unknown')).status).toBe(404);
  });

  it('refuses to submit an incomplete application, then completes it (terms first)', async () => {
    const u = await signUp(t);
    const early = await api(t, u.token, 'POST', 'SubmitApplication/saveSubmitApplication');
    expect(early.status).toBe(409);
    // Agreeing to the documents first does not complete an empty application.
    expect((await api(t, u.token, 'POST', 'InitialDocuments/saveInitialDocuments')).json()).toEqual({
      ok: true,
      applicationComplete: false,
    });
    const { refereeEmail } = await completeAllSteps(t, u.token);
    const [before] = await t.ctx.db.select().from(users).where(eq(users.id, u.userId));
    expect(before!.applicationComplete).toBe(false);
    // The documents were agreed to first, so the submission is the step that completes the application: the referee
    // is asked by it, and not before.
    expect(await referenceMailsTo(t, refereeEmail)).toEqual([]);
    expect((await api(t, u.token, 'POST', 'SubmitApplication/saveSubmitApplication')).json()).toEqual({
      ok: true,
      applicationComplete: true,
    });
    expect(await referenceMailsTo(t, refereeEmail)).toHaveLength(1);
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, u.userId));
    expect(after!.applicationComplete).toBe(true);
    expect(after!.applicationSubmittedAt).not.toBeNull();
    expect(after!.eligibleForSubmission).toBe(false);
    expect((await api(t, u.token, 'GET', 'HcpApiUser/userInfo')).json().applicationComplete).toBe(true);
  });

  it('completes on saveInitialDocuments when every other step is done', async () => {
    const u = await signUp(t);
    await completeAllSteps(t, u.token);
    expect((await api(t, u.token, 'POST', 'InitialDocuments/saveInitialDocuments')).json()).toEqual({
      ok: true,
      applicationComplete: true,
    });
    // The agreement signs the eleven TRS documents, listed on the e-documents page.
    const docs = (await api(t, u.token, 'GET', 'DocumentsAndSignatures/getDocumentsAndSignatures')).json();
    expect(docs.signedTrsDocuments.map((d: { name: string }) => d.name)).toContain('HIPAA Agreement');
    expect(docs.signedTrsDocuments).toHaveLength(11);
    // Deleting the account removes every application row (references before their employment records).
    await t.ctx.db.delete(users).where(eq(users.id, u.userId));
    expect(await t.ctx.db.select().from(hcpReferences).where(eq(hcpReferences.userId, u.userId))).toHaveLength(0);
    expect(
      await t.ctx.db.select().from(employmentHistories).where(eq(employmentHistories.userId, u.userId)),
    ).toHaveLength(0);
  });

  it('answers 404 for the skills checklist while its flag is off', async () => {
    const u = await signUp(t);
    expect((await api(t, u.token, 'GET', 'HcpSkills/getHcpHshItems')).status).toBe(404);
    expect((await api(t, u.token, 'POST', 'HcpSkills/assignSkillsChecklists', { checklistIds: [101] })).status).toBe(
      404,
    );
  });
});

describe('skills checklist and the default (not terms-first) flow', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await buildTestApp({
      env: { FEATURE_SKILLS_CHECKLIST: 'true', FEATURE_TERMS_FIRST: 'false', RATE_LIMIT_SCALE: '1000' },
    });
  });
  afterAll(async () => s.close());

  it('offers the core checklists to everyone and those of the specialties in the employment history', async () => {
    const u = await signUp(s);
    const labels = async () =>
      ((await api(s, u.token, 'GET', 'HcpSkills/getHcpHshItems')).json().hshItems as { hshItemLabel: string }[]).map(
        (i) => i.hshItemLabel,
      );
    expect(await labels()).toEqual([
      'Core Mandatory Part I',
      'Core Mandatory Part II',
      'Infection Control',
      'Patient Rights and Safety',
    ]);
    const tx = await stateIdOf(s, u.token, 'Texas');
    // Specialty 1 is the ICU.
    await api(s, u.token, 'POST', 'HcpEmploymentHistory/insert', validEmployment({ stateId: tx, specialties: [1] }));
    expect(await labels()).toContain('Critical Care (ICU) Skills Checklist');
    expect(await labels()).not.toContain('Labor and Delivery Skills Checklist');
  });

  it('assigns checklists, mails the vendor assignment and requires the summary before submission', async () => {
    const u = await signUp(s);
    const items = (await api(s, u.token, 'GET', 'HcpSkills/getHcpHshItems')).json().hshItems;
    expect(items.length).toBeGreaterThan(2);
    expect((await api(s, u.token, 'POST', 'HcpSkills/assignSkillsChecklists', { checklistIds: [] })).status).toBe(400);
    expect((await api(s, u.token, 'POST', 'HcpSkills/assignSkillsChecklists', { checklistIds: [999999] })).status).toBe(
      404,
    );
    expect(
      (
        await api(s, u.token, 'POST', 'HcpWebApplicationStep/updateWebApplicationStep', {
          StepName: 'Skills_Checklist_Summary',
          StepComplete: true,
        })
      ).status,
    ).toBe(422);
    const res = await api(s, u.token, 'POST', 'HcpSkills/assignSkillsChecklists', {
      checklistIds: items.map((i: { hshItemId: number }) => i.hshItemId),
    });
    expect(res.json()).toMatchObject({ ok: true, email: u.email, subject: '[TRS Healthcare] New Assignments' });
    const assignmentMails = async () =>
      (await s.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, u.email))).filter(
        (m) => m.subject === '[TRS Healthcare] New Assignments',
      );
    expect(await assignmentMails()).toHaveLength(1);
    // The mail leads to the vendor.
    expect((await assignmentMails())[0]!.textBody).toContain('https://www.prophecyhealth.com/');
    // The page opened again (or a double click) assigns nothing twice and mails nothing more.
    const again = await Promise.all([
      api(s, u.token, 'POST', 'HcpSkills/assignSkillsChecklists', { checklistIds: [101] }),
      api(s, u.token, 'POST', 'HcpSkills/assignSkillsChecklists', { checklistIds: [102] }),
    ]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect(await assignmentMails()).toHaveLength(1);
    const { refereeEmail } = await completeAllSteps(s, u.token);
    expect((await api(s, u.token, 'POST', 'SubmitApplication/saveSubmitApplication')).status).toBe(409);
    expect((await api(s, u.token, 'POST', 'InitialDocuments/saveInitialDocuments')).status).toBe(404);
    expect(
      (
        await api(s, u.token, 'POST', 'HcpWebApplicationStep/updateWebApplicationStep', {
          StepName: 'Skills_Checklist_Summary',
          StepComplete: true,
        })
      ).status,
    ).toBe(200);
    // The default flow completes the application with the submission: the referee is asked then, not before.
    expect(await referenceMailsTo(s, refereeEmail)).toEqual([]);
    expect((await api(s, u.token, 'POST', 'SubmitApplication/saveSubmitApplication')).status).toBe(200);
    expect(await referenceMailsTo(s, refereeEmail)).toHaveLength(1);
    const done = (await api(s, u.token, 'GET', 'HcpJobApplication/getCompletedHCPApplicationSteps')).json()
      .completedSteps;
    expect(done).toEqual(
      expect.arrayContaining(['Skills Checklist', 'Skills Checklist Summary', 'Terms and Conditions']),
    );
  });
});
