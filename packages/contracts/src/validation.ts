/**
 * Validation rules shared by the web forms and the server, so both refuse the same input with the same message.
 * Pure functions; no framework imports.
 */

export const PASSWORD_MAX = 30;
/** The sign-up form shows no minimum and shows the server's message; the server requires 8 (OWASP ASVS 6.2.1). */
export const PASSWORD_MIN = 8;
export const PHONE_LENGTH = 10;

/** Non-empty text before an @, a later dot, and at least 2 characters after the last dot. */
export function isValidEmail(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1) return false;
  const lastDot = value.lastIndexOf('.');
  if (lastDot <= at + 1) return false;
  if (value.length - lastDot - 1 < 2) return false;
  return !/\s/.test(value);
}

/** Exactly 10 digits. */
export function isValidPhone(value: string): boolean {
  return /^\d{10}$/.test(value);
}

/**
 * Ten digits that can be a US number (the North American plan: neither the area code nor the exchange starts with 0
 * or 1), so 0000000000 or 1234567890 typed to get past a form is refused.
 */
export function isDialablePhone(value: string): boolean {
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(value);
}

/** Keeps only digits and cuts to `max` characters: what a digits-only input accepts. */
export function digitsOnly(value: string, max?: number): string {
  const digits = value.replace(/\D+/g, '');
  return max === undefined ? digits : digits.slice(0, max);
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export const messages = {
  invalidLogin: 'Invalid login credentials',
  invalidEmail: 'Please enter a valid email',
  invalidPhone: 'Please enter a 10 digit number',
  invalidPhoneNumber: 'Please enter a 10 digit phone number',
  passwordsMustMatch: 'Passwords must match',
  emailExists: 'Email already exists. Please login.',
  genericOops: 'Oops... looks like something went wrong. Please try again.',
  genericSomethingWrong: 'It looks like something went wrong. Please try again.',
  sessionExpired: 'Your session has expired, please log in again.',
  resetLinkInvalid: 'Password reset link is no longer valid! Reset your password or login below.',
  resetRequested:
    'Your submissions has been received. If we have an account matching your email address, you will receive an email with a link to reset your password.',
  passwordLength: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
  passwordTooCommon: 'This password is too common. Please choose another.',
  passwordGuessable: 'This password is too easy to guess. Avoid your name, your email and the agency name.',
  passwordBlank: 'Password cannot be only spaces.',
  passwordIsEmail: 'Password cannot contain your email address.',
  passwordWeak: 'This password is too easy to guess. Try a longer one, for example a few unrelated words.',
} as const;

/**
 * Context-specific words a password may not be made of (docs/security.md): the agency's and the product's
 * names and the trade. The clinician's own name and email are added per account.
 */
export const passwordContextWords = [
  'trs',
  'trshealthcare',
  'healthcare',
  'travel',
  'travelnurse',
  'nurse',
  'nursing',
  'hcp',
  'portal',
  'clinician',
  'password',
  'welcome',
  'letmein',
] as const;

const lettersOf = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);

/**
 * A guessable password is made only of context words and the account's own words (first name, last
 * name, the words of the email name; 3 letters or more), with digits and symbols around them, or holds
 * the whole email name (6 letters or more).
 */
export function isGuessablePassword(password: string, personal: string[] = []): boolean {
  const letters = lettersOf(password);
  if (!letters) return false;
  const own = new Set(personal.flatMap(wordsOf).filter((w) => w.length >= 3));
  const known = (w: string) => own.has(w) || (passwordContextWords as readonly string[]).includes(w);
  if (known(letters)) return true;
  const words = wordsOf(password).filter((w) => w.length > 2);
  if (words.length && words.every(known)) return true;
  return personal.map(lettersOf).some((p) => p.length >= 6 && letters.includes(p));
}

/** Spaces, tabs and invisible characters: what a whitespace-only password is made of. */
const blank = /^[\s\p{Cf}]*$/u;

/**
 * The rules every password must pass, cheapest first: length, not blank, not holding the account's
 * email, not on the common list, not made of context or personal words. The server adds a strength
 * estimate on top (it needs a dictionary too large for the browser).
 */
export function passwordProblem(
  password: string,
  commonPasswords: { has(password: string): boolean },
  personal: string[] = [],
  email?: string,
): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return messages.passwordLength;
  if (blank.test(password)) return messages.passwordBlank;
  const address = email?.trim().toLowerCase();
  if (address && password.toLowerCase().includes(address)) return messages.passwordIsEmail;
  if (commonPasswords.has(password.toLowerCase())) return messages.passwordTooCommon;
  if (isGuessablePassword(password, personal)) return messages.passwordGuessable;
  return null;
}
