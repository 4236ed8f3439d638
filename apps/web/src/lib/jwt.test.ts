import { describe, expect, it } from 'vitest';
import { secondsUntilExpiry, tokenSubject } from './jwt.ts';

const token = (payload: object) =>
  `x.${btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.y`;

describe('token expiry', () => {
  it('reads seconds until exp', () => {
    expect(secondsUntilExpiry(token({ exp: 1000 }), 940_000)).toBe(60);
  });
  it('answers -1 for unreadable tokens', () => {
    expect(secondsUntilExpiry('garbage')).toBe(-1);
    expect(secondsUntilExpiry(token({}))).toBe(-1);
  });
});

describe('token subject', () => {
  it('reads whose token it is, or nothing for unreadable tokens', () => {
    expect(tokenSubject(token({ sub: '42', exp: 1000 }))).toBe('42');
    expect(tokenSubject(token({}))).toBe('');
    expect(tokenSubject('garbage')).toBe('');
  });
});
