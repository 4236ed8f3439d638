import { describe, expect, it } from 'vitest';
import { buildOpenapiDocument } from '../../scripts/openapi-document.ts';
import { allEndpoints } from './index.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses?: Record<string, unknown>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('the OpenAPI document made from the endpoint definitions', () => {
  it('has one operation per endpoint, each with its operationId, summary, security requirement and 4xx answers', async () => {
    const doc = (await buildOpenapiDocument()) as {
      servers?: unknown[];
      paths: Record<string, Record<string, Operation>>;
    };
    expect(doc.servers?.length).toBeGreaterThan(0);
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBe(allEndpoints.length);
    for (const { where, op } of operations) {
      expect(op.operationId, where).toBeTruthy();
      expect(op.summary, where).toBeTruthy();
      expect(Array.isArray(op.security), where).toBe(true);
      expect(
        Object.keys(op.responses ?? {}).some((s) => s.startsWith('4')),
        where,
      ).toBe(true);
    }
    // A catch-all is not an operation.
    expect(Object.keys(doc.paths).filter((p) => p.includes('*'))).toEqual([]);
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("says what background question 7's canPerformTravelerTasks means (true is a Yes: there is a reason)", async () => {
    const doc = JSON.stringify(await buildOpenapiDocument());
    expect(doc).toContain('true = the clinician answered Yes: there IS such a reason');
  });
});
