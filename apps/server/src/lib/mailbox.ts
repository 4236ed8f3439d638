import validator from 'validator';

/**
 * The mailbox an address delivers to, for comparing addresses: letter case, Gmail's dots, googlemail.com and
 * the provider sub-addresses validator knows are folded, and a '+tag' is dropped on every domain (most mail
 * hosts deliver `name+tag@` to `name@`). Only for comparisons and counting; never for sending.
 */
export function mailboxKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const normalized = validator.normalizeEmail(trimmed, { gmail_convert_googlemaildotcom: true }) || trimmed;
  const at = normalized.lastIndexOf('@');
  if (at < 1) return normalized;
  const local = normalized.slice(0, at).replace(/\+.*$/, '');
  return `${local || normalized.slice(0, at)}@${normalized.slice(at + 1)}`;
}

export const sameMailbox = (a: string, b: string) => mailboxKey(a) === mailboxKey(b);
