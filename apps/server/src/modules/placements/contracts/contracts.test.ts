import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, signUp, auth, type TestApp } from '../../../../test/build.ts';
import * as f from '../../../../test/pipeline-factories.ts';
import { contracts, offers, signatureAudit } from '../../../db/schema/index.ts';
import { PlacementService } from '../pipeline/placement-service.ts';
import { sha256Hex } from '../../../lib/crypto.ts';
import { pdfText } from './pdf.ts';
import { createContract } from './repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jobs: 120 });
});
afterAll(async () => t.close());

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/core/api/${url}`, headers: auth(token) });
const sign = (token: string, contractId: number | string, documentMasterId: number | string = 54, termsHash?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/core/api/Document/eSignDocument?contractId=${contractId}&documentMasterId=${documentMasterId}${termsHash ? `&termsHash=${termsHash}` : ''}`,
    headers: auth(token),
    payload: {},
  });

describe('contract numbers', () => {
  it('a number drawn twice is drawn again: the second contract is made, inside a transaction too', async () => {
    const u = await signUp(t);
    const [jobA, jobB] = [await f.pickJob(t, u.userId), await f.pickJob(t, u.userId)];
    const random = vi.spyOn(Math, 'random');
    try {
      random.mockReturnValueOnce(0.42).mockReturnValueOnce(0.42);
      const first = await createContract(t.ctx.db, { userId: u.userId, jobId: jobA, status: 'sent', stage: 'offer' });
      const second = await t.ctx.db.transaction((tx) =>
        createContract(tx, { userId: u.userId, jobId: jobB, status: 'sent', stage: 'offer' }),
      );
      expect(second.contractNum).not.toBe(first.contractNum);
      expect(random.mock.calls.length).toBeGreaterThanOrEqual(3);
    } finally {
      random.mockRestore();
    }
  });
});

describe('contract documents and signing', () => {
  it('renders an image of every page of the generated contract, by number or id', async () => {
    const u = await signUp(t);
    const o = await f.offerWithContract(t, u.userId);
    const res = await get(
      `Contract/getContractDocumentImages?contractNum=${o.contractNum}&documentMasterId=54`,
      u.token,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pageCount).toBe(2);
    expect(body.isSigned).toBe(false);
    for (const img of body.images) expect(img).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const byId = await get(
      `Contract/getContractDocumentImages?contractId=${o.contractId}&documentMasterId=54`,
      u.token,
    );
    expect(byId.json().images).toEqual(body.images);
  }, 30_000);

  it('answers 404 for another clinician, a wrong document master id and unknown numbers', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const o = await f.offerWithContract(t, a.userId);
    expect(
      (await get(`Contract/getContractDocumentImages?contractNum=${o.contractNum}&documentMasterId=54`, b.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(`Contract/getContractDocumentImages?contractNum=${o.contractNum}&documentMasterId=55`, a.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(`Contract/getContractDocumentImages?contractNum=C0000000&documentMasterId=54`, a.token)).statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          `Contract/getContractDocumentImages?contractNum=${encodeURIComponent("x' or 1=1--")}&documentMasterId=54`,
          a.token,
        )
      ).statusCode,
    ).toBe(400);
    expect((await get(`Contract/getContractDocumentImages?documentMasterId=54`, a.token)).statusCode).toBe(400);
    expect((await sign(b.token, o.contractId)).statusCode).toBe(404);
    expect((await sign(a.token, 'abc')).statusCode).toBe(400);
    expect((await sign(a.token, o.contractId, 1)).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(contracts).where(eq(contracts.id, o.contractId));
    expect(row!.status).toBe('sent');
  });

  it('signs once: writes the audit row, the signed PDF, accepts the offer and moves the contract to onboarding', async () => {
    const u = await signUp(t);
    const o = await f.offerWithContract(t, u.userId);
    expect(
      (await get(`Contract/getSignedContractDocument?contractNum=${o.contractNum}&documentMasterId=54`, u.token))
        .statusCode,
    ).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: `/core/api/Document/eSignDocument?contractId=${o.contractId}&documentMasterId=54`,
      headers: { ...auth(u.token), 'user-agent': 'vitest-browser/1.0' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contractId: o.contractId, contractNum: o.contractNum });
    const again = await sign(u.token, o.contractId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This contract has already been signed.');
    const pdf = await get(
      `Contract/getSignedContractDocument?contractNum=${o.contractNum}&documentMasterId=54`,
      u.token,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="contract-.*-signed\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Electronically signed by Test');
    expect(text).toContain('Signature audit');
    expect(text).toContain('vitest-browser/1.0');
    const audit = await t.ctx.db.select().from(signatureAudit).where(eq(signatureAudit.contractId, o.contractId));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.sha256).toBe(sha256Hex(pdf.rawPayload));
    expect(audit[0]!.userAgent).toBe('vitest-browser/1.0');
    const [c] = await t.ctx.db.select().from(contracts).where(eq(contracts.id, o.contractId));
    expect(c!.stage).toBe('onboarding');
    const [off] = await t.ctx.db.select().from(offers).where(eq(offers.id, o.offerId));
    expect(off!.status).toBe('accepted');
    const dash = (await get('HcpJobOffers/getHcpDashboardOffersAndOnboardingContracts', u.token)).json();
    expect(dash.submissionOffers).toHaveLength(0);
    expect(dash.onboardingContracts[0]).toMatchObject({ contractId: o.contractId, isSigned: true, isSignable: false });
  }, 30_000);

  it('lets exactly one of two concurrent signs succeed', async () => {
    const u = await signUp(t);
    const o = await f.offerWithContract(t, u.userId);
    const results = await Promise.all([
      sign(u.token, o.contractId),
      sign(u.token, o.contractId),
      sign(u.token, o.contractId),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const audit = await t.ctx.db.select().from(signatureAudit).where(eq(signatureAudit.contractId, o.contractId));
    expect(audit).toHaveLength(1);
    const files = await t.ctx.storage.list(`contracts/${u.userId}`);
    expect(files).toHaveLength(1);
  }, 30_000);

  it('a clinician named in any script views and signs a contract; the PDF shows the name in base letters, the audit row exactly', async () => {
    const u = await signUp(t, { FirstName: 'Łukasz 李', LastName: 'Nguyễn 👩🏽‍⚕️' });
    const o = await f.offerWithContract(t, u.userId);
    const images = await get(
      `Contract/getContractDocumentImages?contractId=${o.contractId}&documentMasterId=54`,
      u.token,
    );
    expect(images.statusCode).toBe(200);
    const signed = await t.app.inject({
      method: 'POST',
      url: `/core/api/Document/eSignDocument?contractId=${o.contractId}&documentMasterId=54`,
      headers: { ...auth(u.token), 'user-agent': 'Navigateur 😀 Ωmega' },
      payload: {},
    });
    expect(signed.statusCode).toBe(200);
    const doc = await get(`Contract/getSignedContractDocument?contractId=${o.contractId}&documentMasterId=54`, u.token);
    expect(doc.statusCode).toBe(200);
    expect(await pdfText(doc.rawPayload)).toContain('Lukasz ? Nguyen');
    const [audit] = await t.ctx.db.select().from(signatureAudit).where(eq(signatureAudit.contractId, o.contractId));
    expect(audit!.signerName).toBe('Łukasz 李 Nguyễn 👩🏽‍⚕️');
    expect(audit!.userAgent).toBe('Navigateur 😀 Ωmega');
  }, 30_000);

  it('refuses a contract that is not ready to sign', async () => {
    const u = await signUp(t);
    const o = await f.offerWithContract(t, u.userId, 'draft');
    const res = await sign(u.token, o.contractId);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('contract_not_ready');
  });

  describe('signs exactly the terms that were shown', () => {
    const shownHash = async (token: string, contractId: number) => {
      const res = await get(`Contract/getContractDocumentImages?contractId=${contractId}&documentMasterId=54`, token);
      expect(res.statusCode).toBe(200);
      return res.json().termsHash as string;
    };
    /** The agency's change of terms: the contract goes back to draft, then is sent again. */
    const agencyChangesPay = async (contractId: number, hourlyRate: number) => {
      const placements = new PlacementService(t.ctx);
      await placements.updateContract(contractId, { hourlyRate });
      await placements.sendContract(contractId);
    };
    const signedPdfText = async (token: string, contractId: number) =>
      pdfText(
        (await get(`Contract/getSignedContractDocument?contractId=${contractId}&documentMasterId=54`, token))
          .rawPayload,
      );

    it('a sign with the hash of terms changed since they were shown is refused with 409 and the new terms; signing what is shown then works', async () => {
      const u = await signUp(t);
      const o = await f.offerWithContract(t, u.userId);
      const seen = await shownHash(u.token, o.contractId);
      expect(seen).toMatch(/^[a-f0-9]{64}$/);
      await agencyChangesPay(o.contractId, 71.25);

      const stale = await sign(u.token, o.contractId, 54, seen);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('contract_terms_changed');
      expect(stale.json().message).toMatch(/^This contract changed after you opened it/);
      expect(stale.json().message).toContain('$71.25 per hour');
      const [still] = await t.ctx.db.select().from(contracts).where(eq(contracts.id, o.contractId));
      expect(still!.status).toBe('sent');
      expect(await t.ctx.db.select().from(signatureAudit).where(eq(signatureAudit.contractId, o.contractId))).toEqual(
        [],
      );
      expect(await t.ctx.storage.list(`contracts/${u.userId}`)).toEqual([]);

      const now = await shownHash(u.token, o.contractId);
      expect(now).not.toBe(seen);
      expect((await sign(u.token, o.contractId, 54, now)).statusCode).toBe(200);
      expect(await signedPdfText(u.token, o.contractId)).toContain('$71.25');
      const [audit] = await t.ctx.db.select().from(signatureAudit).where(eq(signatureAudit.contractId, o.contractId));
      expect(audit).toMatchObject({ termsSha256: now, termsConfirmed: true });
      expect(
        (await get(`Contract/getContractDocumentImages?contractId=${o.contractId}&documentMasterId=54`, u.token)).json()
          .termsHash,
      ).toBeNull();
    }, 60_000);

    it('a client that sends no hash signs the current terms, recorded as unconfirmed; a malformed hash is a 400', async () => {
      const u = await signUp(t);
      const o = await f.offerWithContract(t, u.userId);
      expect((await sign(u.token, o.contractId, 54, 'not-a-hash')).statusCode).toBe(400);
      const current = await shownHash(u.token, o.contractId);
      expect((await sign(u.token, o.contractId)).statusCode).toBe(200);
      const [audit] = await t.ctx.db.select().from(signatureAudit).where(eq(signatureAudit.contractId, o.contractId));
      expect(audit).toMatchObject({ termsSha256: current, termsConfirmed: false });
    }, 60_000);

    it('a change of terms racing a sign: the signed PDF, the row and the audit row always tell the same terms', async () => {
      for (const rate of [64.5, 66.75]) {
        const u = await signUp(t);
        const o = await f.offerWithContract(t, u.userId);
        const seen = await shownHash(u.token, o.contractId);
        const [signed, changed] = await Promise.allSettled([
          sign(u.token, o.contractId, 54, seen),
          agencyChangesPay(o.contractId, rate),
        ]);
        const [row] = await t.ctx.db.select().from(contracts).where(eq(contracts.id, o.contractId));
        const audits = await t.ctx.db.select().from(signatureAudit).where(eq(signatureAudit.contractId, o.contractId));
        if (row!.status === 'signed') {
          // The sign won: the agency's change was refused, and everything states the terms shown.
          expect(changed.status).toBe('rejected');
          expect(audits).toHaveLength(1);
          expect(audits[0]!.termsSha256).toBe(seen);
          const text = await signedPdfText(u.token, o.contractId);
          expect(text).not.toContain(`$${rate.toFixed(2)}`);
          expect(row!.terms.hourlyRate).not.toBe(rate);
        } else {
          // The change won: the sign was refused and nothing was signed.
          expect(signed.status === 'fulfilled' && signed.value.statusCode).toBe(409);
          expect(audits).toEqual([]);
          expect(row!.terms.hourlyRate).toBe(rate);
        }
      }
    }, 60_000);
  });
});
