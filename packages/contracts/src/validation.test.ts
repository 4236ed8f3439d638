import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitsOnly, isValidEmail, isValidPhone, passwordProblem, messages } from './validation.ts';
import { formatDate, formatMoney, formatPostalCode } from './format.ts';
import { localIsoDate } from './dates.ts';
import { groupProfessions, resolveLeadSourceId, specialtyLabel } from './reference.ts';
import { signUpRequestSchema } from './auth.ts';

describe('email rule', () => {
  it.each([
    ['nurse@example.com', true],
    ['a@b.co', true],
    ['first.last@sub.example.org', true],
    ['@example.com', false],
    ['nurse@example', false],
    ['nurse@example.c', false],
    ['nurse.example.com', false],
    ['nurse@.com', false],
    ['', false],
    ['nu rse@example.com', false],
  ])('%s -> %s', (email, ok) => expect(isValidEmail(email)).toBe(ok));
});

describe('phone rule', () => {
  it('needs exactly 10 digits', () => {
    expect(isValidPhone('5125550100')).toBe(true);
    expect(isValidPhone('512555010')).toBe(false);
    expect(isValidPhone('51255501000')).toBe(false);
    expect(isValidPhone('512-555-01')).toBe(false);
  });
  it('digits-only input drops other characters and stops at the max length', () => {
    expect(digitsOnly('(512) 555-0100 ext 9', 10)).toBe('5125550100');
  });
});

describe('password rule', () => {
  const common = new Set(['password1']);
  it('requires 8 to 30 characters and refuses common passwords', () => {
    expect(passwordProblem('Ab1!', common)).toBe(messages.passwordLength);
    expect(passwordProblem('x'.repeat(31), common)).toBe(messages.passwordLength);
    expect(passwordProblem('PASSWORD1', common)).toBe(messages.passwordTooCommon);
    expect(passwordProblem('Correct-Horse-42', common)).toBeNull();
  });

  it("refuses passwords made of a context word, or holding the account's own name or email name", () => {
    expect(passwordProblem('Nurse-2026!', common)).toBe(messages.passwordGuessable);
    expect(passwordProblem('TRSHealthcare#1', common)).toBe(messages.passwordGuessable);
    expect(passwordProblem('Mary-Jones-1985', common, ['Mary', 'Jones', 'mj.rn'])).toBe(messages.passwordGuessable);
    expect(passwordProblem('my.nurse.life.99', common, ['Ann', 'Li', 'nurselife'])).toBe(messages.passwordGuessable);
    // Short names are not held against the password; a context word inside a longer phrase is fine.
    expect(passwordProblem('Ann-Li-Correct-Horse', common, ['Ann', 'Li'])).toBeNull();
    expect(passwordProblem('Travel-Far-Battery-9', common, ['Mary', 'Jones'])).toBeNull();
  });

  it('refuses passwords made only of spaces, tabs or invisible characters', () => {
    for (const pw of [' '.repeat(8), '\t \t \t \t ', '\u00a0'.repeat(9), ' \u200b'.repeat(6)])
      expect(passwordProblem(pw, common), JSON.stringify(pw)).toBe(messages.passwordBlank);
    expect(passwordProblem('  Tidal Orchard 88  ', common)).toBeNull();
  });

  it("refuses a password holding the account's own email, whatever its letter case", () => {
    expect(passwordProblem('jo@ex.io', common, [], 'jo@ex.io')).toBe(messages.passwordIsEmail);
    expect(passwordProblem('JO@EX.IO!!', common, [], 'jo@ex.io')).toBe(messages.passwordIsEmail);
    expect(passwordProblem('Tidal-Orchard-8841', common, [], 'jo@ex.io')).toBeNull();
  });
});

describe('sign-up schema', () => {
  const valid = {
    EmailAddress: 'a@b.co',
    PhoneNumber: '5125550100',
    FirstName: 'A',
    LastName: 'B',
    ProfessionId: 13,
    ReferralId: 121,
    WebPassword: 'Correct-Horse-42',
  };
  it('accepts the sign-up fields and trims names', () => {
    expect(signUpRequestSchema.parse({ ...valid, FirstName: ' Ann ' }).FirstName).toBe('Ann');
  });
  it('limits the password to 30 characters', () => {
    expect(signUpRequestSchema.safeParse({ ...valid, WebPassword: 'x'.repeat(31) }).success).toBe(false);
  });
});

describe('formats', () => {
  it('dates are MM/DD/YYYY without time-zone shifts', () => {
    expect(formatDate('2026-03-07')).toBe('03/07/2026');
    expect(formatDate('2026-12-31T23:30:00-06:00')).toBe('12/31/2026');
    expect(formatDate(null)).toBe('');
  });
  it('money is USD', () => {
    expect(formatMoney(2345.5)).toBe('$2,345.50');
    expect(formatMoney(2345.5, true)).toBe('$2,346');
  });
  it("money is written as Intl's en-US currency format writes it, without Intl", () => {
    const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    const same = (v: number) => formatMoney(v) === cents.format(v) && formatMoney(v, true) === dollars.format(v);
    for (const v of [1.005, 2.675, 0.125, -0.004, -0.005, -0, 0, 9.995, 999.995, 99_999.5, 3064.92, 1e21, 1e-7])
      expect([v, formatMoney(v), formatMoney(v, true)]).toEqual([v, cents.format(v), dollars.format(v)]);
    fc.assert(fc.property(fc.double({ noNaN: true, min: -1e12, max: 1e12 }), same), { numRuns: 20_000 });
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 3 }), (n, d) => same(n / 10 ** d)),
      { numRuns: 20_000 },
    );
  });
  it('postal codes', () => {
    expect(formatPostalCode('K1A0B1')).toBe('K1A 0B1');
    expect(formatPostalCode('787011234')).toBe('78701-1234');
    expect(formatPostalCode('78701')).toBe('78701');
  });
  it('local ISO dates shift by whole days', () => {
    expect(localIsoDate(new Date(2026, 0, 31), 14)).toBe('2026-02-14');
  });
});

describe('reference rules', () => {
  it("specialty label is 'name - abbreviation' unless equal or empty", () => {
    expect(specialtyLabel({ name: 'Intensive Care Unit', abbreviation: 'ICU' })).toBe('Intensive Care Unit - ICU');
    expect(specialtyLabel({ name: 'Telemetry', abbreviation: 'Telemetry' })).toBe('Telemetry');
    expect(specialtyLabel({ name: 'Dialysis', abbreviation: '' })).toBe('Dialysis');
    expect(specialtyLabel({ name: 'Dialysis', abbreviation: null })).toBe('Dialysis');
  });
  it("professions: 'Most Common' by webOrder, 'All' the others by name, each profession once", () => {
    const list = [
      { name: 'Zeta', webOrder: 2 },
      { name: 'alpha', webOrder: null },
      { name: 'Beta', webOrder: null },
      { name: 'Registered Nurse', webOrder: 1 },
    ];
    const g = groupProfessions(list);
    expect(g.mostCommon.map((p) => p.name)).toEqual(['Registered Nurse', 'Zeta']);
    expect(g.all.map((p) => p.name)).toEqual(['alpha', 'Beta']);
  });
  it('lead source: 28 and 85 skip the campaign lookup, campaign matches case-insensitively, default 121', () => {
    const sources = [
      { id: 5, webFriendlyName: 'Indeed' },
      { id: 28, webFriendlyName: 'Recruiter' },
    ];
    expect(resolveLeadSourceId(28, 'indeed', sources)).toBe(28);
    expect(resolveLeadSourceId(85, 'indeed', sources)).toBe(85);
    expect(resolveLeadSourceId(null, 'INDEED', sources)).toBe(5);
    expect(resolveLeadSourceId(null, 'unknown', sources)).toBe(121);
    expect(resolveLeadSourceId(undefined, null, sources)).toBe(121);
  });
});
