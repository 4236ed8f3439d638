import { z } from 'zod';
import { isDialablePhone, isValidPhone, messages } from './validation.ts';
import { DEFAULT_PROFESSION_ID } from './reference.ts';

/** Refer a friend: the bonus the page advertises, how long its success message shows, the profession it starts on. */
export const REFERRAL_BONUS = 1000;
export const REFERRAL_SUCCESS_MS = 2000;
export const REFERRAL_DEFAULT_PROFESSION_ID = DEFAULT_PROFESSION_ID;
export const REFERRAL_NAME_MAX = 60;

export const referralMessages = {
  submitted: 'Referral Submitted',
  failure: messages.genericOops,
  firstNameRequired: 'Please enter a first name',
  lastNameRequired: 'Please enter a last name',
  professionRequired: 'Please select a profession',
  phone: messages.invalidPhoneNumber,
  phoneNotDialable: 'Please enter a valid US phone number',
} as const;

const name = (msg: string) =>
  z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, msg).max(REFERRAL_NAME_MAX));

export const saveReferralRequestSchema = z.object({
  FirstName: name(referralMessages.firstNameRequired),
  LastName: name(referralMessages.lastNameRequired),
  PhoneNumber: z
    .string()
    .max(10, referralMessages.phone)
    .refine((v) => isValidPhone(v), referralMessages.phone)
    // A friend is phoned: ten digits that no phone answers (0000000000) are refused too.
    .refine((v) => !isValidPhone(v) || isDialablePhone(v), referralMessages.phoneNotDialable),
  DisciplineId: z.coerce.number().int().min(1, referralMessages.professionRequired).max(2_147_483_647),
  /** 0 = no specialty. */
  SpecialtyId: z.coerce.number().int().min(0).max(2_147_483_647).optional().default(0),
});
export type SaveReferralRequest = z.input<typeof saveReferralRequestSchema>;
export type SaveReferral = z.output<typeof saveReferralRequestSchema>;

export const saveReferralResponseSchema = z.object({ ok: z.boolean(), referralId: z.number().int() });
