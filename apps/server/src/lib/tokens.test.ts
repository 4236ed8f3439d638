import { HUB_TOKEN_AUDIENCE } from '@hcp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tokens } from './tokens.ts';

const secret = new TextEncoder().encode('tokens-test-secret-0123456789abcdef0123456789');

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('a token verified before still expires on time, and is refused for another audience', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T10:00:00Z'), toFake: ['Date'] });
    const tokens = new Tokens(secret, 15 * 60);
    const token = await tokens.sign({ userId: 7, sessionId: 's-1' });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 's-1' });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 's-1' });
    expect(await tokens.verify(token, HUB_TOKEN_AUDIENCE)).toBeNull();
    vi.setSystemTime(new Date('2026-11-20T10:14:59Z'));
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 's-1' });
    vi.setSystemTime(new Date('2026-11-20T10:15:00Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await new Tokens(secret, 15 * 60).verify(token)).toBeNull();
  });

  it('refuses a tampered copy of a token it accepted', async () => {
    const tokens = new Tokens(secret);
    const token = await tokens.sign({ userId: 7, sessionId: 's-1' });
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    forged.sub = '8';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect(await tokens.verify(tampered)).toBeNull();
    expect(
      await new Tokens(new TextEncoder().encode('another-secret-0123456789abcdef0123456789')).verify(token),
    ).toBeNull();
  });
});
