import type { AppContext } from '../../context.ts';
import { hashPassword } from '../../lib/crypto.ts';
import * as users from './users/repository.ts';

export const DEMO_LOGIN = { email: 'demo.nurse@example.com', password: 'Demo-Travel-2026' } as const;
export const NEW_USER_LOGIN = { email: 'new.nurse@example.com', password: 'Demo-Travel-2026' } as const;

async function ensureUser(
  ctx: AppContext,
  login: { email: string; password: string },
  profile: { firstName: string; lastName: string; phone: string },
): Promise<{ id: number; created: boolean }> {
  const existing = await users.findUserIdByEmail(ctx.db, login.email);
  if (existing) return { id: existing, created: false };
  const id = await users.insertDemoUser(ctx.db, {
    email: login.email,
    phone: profile.phone,
    firstName: profile.firstName,
    lastName: profile.lastName,
    professionId: 13,
    leadSourceId: 121,
    passwordHash: await hashPassword(login.password),
  });
  return { id, created: true };
}

/** The two demo clinicians (published password): one whose application is complete, one only signed up. */
export async function seedDemoUsers(ctx: AppContext) {
  const demo = await ensureUser(ctx, DEMO_LOGIN, { firstName: 'Dana', lastName: 'Rivera', phone: '5125550142' });
  if (demo.created) await users.markApplicationComplete(ctx.db, demo.id);
  const fresh = await ensureUser(ctx, NEW_USER_LOGIN, { firstName: 'Noah', lastName: 'Bennett', phone: '6155550187' });
  return { demoUserId: demo.id, newUserId: fresh.id, demoCreated: demo.created };
}
