import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@hcp/contracts';
import {
  buildTestApp,
  form,
  formLogin,
  requestReset,
  resetLinkFor,
  resetPassword,
  signUp,
  type TestApp,
} from '../../../../test/build.ts';
import { LIMITS } from '../../platform/rate-limit/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const linkIsValid = async (guid: string) =>
  (await t.app.inject({ method: 'POST', url: '/core/api/auth/ValidateResetGuid', ...form({ resetGuid: guid }) })).json()
    .guidIsValid as boolean;

/** Asks for a reset link as the owner would and answers the guid mailed for it. */
async function newLink(email: string, from = '198.51.100.20') {
  expect((await requestReset(t, email, from)).statusCode).toBe(200);
  return resetLinkFor(t, email);
}

describe('reset links', () => {
  it('a new link revokes the earlier ones: an older mail neither validates nor sets a password', async () => {
    const u = await signUp(t);
    const first = await newLink(u.email);
    const second = await newLink(u.email);
    const third = await newLink(u.email);
    expect(await linkIsValid(first)).toBe(false);
    expect(await linkIsValid(second)).toBe(false);
    const stale = await resetPassword(t, first, 'Orbital-Mechanics-62');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(messages.resetLinkInvalid);
    expect((await formLogin(t, u.email, 'Orbital-Mechanics-62')).statusCode).toBe(401);
    expect(await linkIsValid(third)).toBe(true);
    expect((await resetPassword(t, third, 'Tidal-Orchard-8841')).statusCode).toBe(200);
    expect((await formLogin(t, u.email, 'Tidal-Orchard-8841')).statusCode).toBe(200);
  });

  it('after a completed reset, no earlier link sets a password that logs in', async () => {
    const u = await signUp(t);
    const older = await newLink(u.email);
    const newer = await newLink(u.email);
    expect((await resetPassword(t, newer, 'Quiet-Harbor-7719')).statusCode).toBe(200);
    const late = await resetPassword(t, older, 'Session-Ends-Now-7');
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(messages.resetLinkInvalid);
    expect((await formLogin(t, u.email, 'Session-Ends-Now-7')).statusCode).toBe(401);
    expect((await formLogin(t, u.email, 'Quiet-Harbor-7719')).statusCode).toBe(200);
    // A link asked for after the reset works as usual.
    expect((await resetPassword(t, await newLink(u.email), 'Steady-Harbor-42')).statusCode).toBe(200);
  });

  it("a stranger hammering resets for someone's address from one place cannot stop the owner's own reset", async () => {
    const victim = await signUp(t);
    const stranger = '203.0.113.66';
    const answers = [];
    for (let i = 0; i < LIMITS.resetPerAccountAndIp.max + 3; i++)
      answers.push((await requestReset(t, victim.email, stranger)).statusCode);
    expect(answers.slice(0, LIMITS.resetPerAccountAndIp.max).every((s) => s === 200)).toBe(true);
    expect(answers.slice(LIMITS.resetPerAccountAndIp.max).every((s) => s === 429)).toBe(true);
    await t.drain();
    // The owner, from their own address, still gets a working link.
    const own = await newLink(victim.email, '192.0.2.14');
    expect((await resetPassword(t, own, 'Durable-Harbor-42')).statusCode).toBe(200);
    expect((await formLogin(t, victim.email, 'Durable-Harbor-42')).statusCode).toBe(200);
  });
});
