import { and, eq, isNotNull } from 'drizzle-orm';
import type { DemoSeeder } from '../../../context.ts';
import { hcpReferences } from '../schema.ts';
import { ensureReferenceRequest } from './service.ts';

/** The demo clinician's references with an email get their reference request (and mail) once. */
export const referenceFormDemoSeeder: DemoSeeder = {
  name: 'reference-requests',
  async run(ctx, { demoUserId }) {
    const refs = await ctx.db
      .select({ id: hcpReferences.id })
      .from(hcpReferences)
      .where(and(eq(hcpReferences.userId, demoUserId), isNotNull(hcpReferences.email)));
    // ensureReferenceRequest sends nothing when a live or answered request exists: idempotent.
    await ctx.db.transaction(async (tx) => {
      for (const r of refs) await ensureReferenceRequest(ctx, tx, r.id);
    });
  },
};
