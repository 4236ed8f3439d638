import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './login-page.tsx';

describe('returnUrl after login', () => {
  it('follows same-site paths only', () => {
    expect(safeReturnUrl('/favorite-jobs?x=1')).toBe('/favorite-jobs?x=1');
    expect(safeReturnUrl('https://evil.example')).toBe('/dashboard');
    expect(safeReturnUrl('//evil.example')).toBe('/dashboard');
    expect(safeReturnUrl('/\\evil.example')).toBe('/dashboard');
    expect(safeReturnUrl(null)).toBe('/dashboard');
  });
});
