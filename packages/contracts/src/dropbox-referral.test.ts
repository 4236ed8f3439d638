import { describe, expect, it } from 'vitest';
import { fileExtension, isAcceptedExtension, normalizeDocumentTitle, dropboxMessages } from './dropbox.ts';
import { saveReferralRequestSchema } from './referral.ts';

describe('dropbox rules', () => {
  it('takes the extension case-insensitively', () => {
    expect(fileExtension('License.PDF')).toBe('pdf');
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('noext')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
    expect(isAcceptedExtension('JFIF')).toBe(true);
    expect(isAcceptedExtension('exe')).toBe(false);
    expect(dropboxMessages.invalidType('exe')).toBe('Invalid file type: .exe');
  });
  it('requires a document title', () => {
    expect(normalizeDocumentTitle('  a  b ')).toBe('a b');
    expect(normalizeDocumentTitle('   ')).toBeNull();
    expect(normalizeDocumentTitle('x'.repeat(101))).toBeNull();
  });
});

describe('referral request', () => {
  const ok = { FirstName: ' A ', LastName: 'B', PhoneNumber: '5125550100', DisciplineId: 13 };
  it('trims names and defaults the specialty to 0', () => {
    expect(saveReferralRequestSchema.parse(ok)).toEqual({
      FirstName: 'A',
      LastName: 'B',
      PhoneNumber: '5125550100',
      DisciplineId: 13,
      SpecialtyId: 0,
    });
  });
  it('refuses blank names, bad phones and a missing profession', () => {
    expect(saveReferralRequestSchema.safeParse({ ...ok, FirstName: '  ' }).success).toBe(false);
    expect(saveReferralRequestSchema.safeParse({ ...ok, PhoneNumber: '512555010' }).success).toBe(false);
    expect(saveReferralRequestSchema.safeParse({ ...ok, PhoneNumber: '51255501000' }).success).toBe(false);
    expect(saveReferralRequestSchema.safeParse({ ...ok, DisciplineId: 0 }).success).toBe(false);
  });
});
