import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, auth, type TestApp } from '../../../../test/build.ts';
import * as f from '../../../../test/pipeline-factories.ts';
import { pdfText } from '../contracts/pdf.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jobs: 120 });
});
afterAll(async () => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/core/api/${url}`, headers: token ? auth(token) : {} });

describe('e-documents and policies', () => {
  it('answers four empty lists for a new clinician', async () => {
    const u = await signUp(t);
    expect((await get('DocumentsAndSignatures/getDocumentsAndSignatures')).statusCode).toBe(401);
    expect((await get('DocumentsAndSignatures/getDocumentsAndSignatures', u.token)).json()).toEqual({
      signableDocuments: [],
      signedDocumentsForCurrentAssignment: [],
      signedDocumentsForPastAssignments: [],
      signedTrsDocuments: [],
    });
  });

  it('sorts the demo placements into the four lists', async () => {
    const u = await signUp(t);
    await f.createDemoPlacements(t.ctx, u.userId);
    const d = (await get('DocumentsAndSignatures/getDocumentsAndSignatures', u.token)).json();
    expect(d.signableDocuments).toHaveLength(2);
    expect(d.signableDocuments[0]).toMatchObject({ documentMasterId: 54, documentTitle: 'Travel Assignment Contract' });
    expect(d.signedDocumentsForCurrentAssignment).toHaveLength(2);
    expect(d.signedDocumentsForPastAssignments).toHaveLength(1);
    expect(d.signedTrsDocuments).toHaveLength(11);
    expect(d.signedTrsDocuments[0]).toMatchObject({ signatureTypeId: 1, name: 'Handbook' });
  }, 30_000);

  it('serves a signed TRS document to its signer only', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await f.createDemoPlacements(t.ctx, a.userId);
    const res = await get('DocumentsAndSignatures/getTrsDocument?signatureTypeId=4', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="HealthInfoPrivacy.pdf"');
    expect(await pdfText(res.rawPayload)).toContain('HIPAA Agreement');
    expect((await get('DocumentsAndSignatures/getTrsDocument?signatureTypeId=4', b.token)).statusCode).toBe(404);
    expect((await get('DocumentsAndSignatures/getTrsDocument?signatureTypeId=99', a.token)).statusCode).toBe(404);
    expect((await get('DocumentsAndSignatures/getTrsDocument?signatureTypeId=x', a.token)).statusCode).toBe(400);
  }, 30_000);

  it('serves the two policy documents as PDFs and refuses other names', async () => {
    const u = await signUp(t);
    for (const [name, title] of [
      ['Grievance', 'Grievance Policy'],
      ['Handbook', 'TRS Handbook'],
    ] as const) {
      const res = await get(`Document/getPolicyAndProcedureDocuments?documentName=${name}`, u.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${name}.pdf"`);
      expect(await pdfText(res.rawPayload)).toContain(title);
    }
    expect((await get('Document/getPolicyAndProcedureDocuments?documentName=Grievance')).statusCode).toBe(401);
    for (const bad of ['../etc/passwd', 'handbookx', '', "Grievance'--"])
      expect(
        (await get(`Document/getPolicyAndProcedureDocuments?documentName=${encodeURIComponent(bad)}`, u.token))
          .statusCode,
      ).toBe(400);
  });
});
