import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { nextApplicationStep, flowFlags } from '@hcp/contracts';
import { buildTestApp, type TestApp } from '../../../../test/build.ts';
import { seedDemoUsers } from '../../../db/seed/index.ts';
import { employmentHistories, hcpCertifications, hcpIdentifications, hcpReferences } from '../../../db/schema/index.ts';
import { decryptField } from '../../../lib/crypto.ts';
import { applicationDemoSeeder } from './demo-seeder.ts';
import { completedSteps } from './repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('application demo seeder', () => {
  it('gives the demo clinician a complete application and new.nurse nothing, idempotently', async () => {
    const users = await seedDemoUsers(t.ctx);
    await applicationDemoSeeder.run(t.ctx, users);
    await applicationDemoSeeder.run(t.ctx, users);
    const done = await completedSteps(t.ctx.db, users.demoUserId);
    expect(nextApplicationStep(done, flowFlags(t.env.featureFlags))).toBeNull();
    const jobs = await t.ctx.db
      .select()
      .from(employmentHistories)
      .where(eq(employmentHistories.userId, users.demoUserId));
    expect(jobs).toHaveLength(2);
    expect(jobs.filter((j) => j.isVerified)).toHaveLength(1);
    expect(await t.ctx.db.select().from(hcpReferences).where(eq(hcpReferences.userId, users.demoUserId))).toHaveLength(
      2,
    );
    const certs = await t.ctx.db.select().from(hcpCertifications).where(eq(hcpCertifications.userId, users.demoUserId));
    expect(certs.filter((c) => c.verified)).toHaveLength(1);
    const [id] = await t.ctx.db
      .select()
      .from(hcpIdentifications)
      .where(eq(hcpIdentifications.userId, users.demoUserId));
    expect(decryptField(t.ctx.secrets.dataKey, id!.ssnEncrypted)).toMatch(/^\d{9}$/);
    expect(await completedSteps(t.ctx.db, users.newUserId)).toEqual([]);
  });
});
