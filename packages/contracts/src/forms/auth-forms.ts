/** The account forms: login, sign-up, forgot password and the new password of a reset link. */
import { z } from 'zod';
import {
  loginFormSchema,
  resetPasswordRequestSchema,
  signUpRequestSchema,
  updatePasswordRequestSchema,
} from '../auth.ts';
import { PASSWORD_MAX, isValidEmail, messages } from '../validation.ts';
import { UNSTATED, filled, flag, requiredText } from './unstated.ts';

/** Login: any problem, a missing field as much as a refused password, reads 'Invalid login credentials'. */
export const loginFormValuesSchema = loginFormSchema.extend({
  username: z.string().trim().min(1, messages.invalidLogin).max(254, messages.invalidLogin),
  password: z.string().min(1, messages.invalidLogin).max(PASSWORD_MAX, messages.invalidLogin),
});
export type LoginFormValues = z.input<typeof loginFormValuesSchema>;

/**
 * Sign-up: the request's fields plus the confirmation, the lead source choice and the agreement. Create Account
 * waits for all of them; only a wrong email, phone or confirmation has a text.
 */
export const signUpFormSchema = signUpRequestSchema
  .omit({ ReferralId: true })
  .extend({
    EmailAddress: filled(signUpRequestSchema.shape.EmailAddress),
    PhoneNumber: filled(signUpRequestSchema.shape.PhoneNumber),
    FirstName: requiredText(100),
    LastName: requiredText(100),
    ProfessionId: z.string().min(1, UNSTATED).transform(Number).pipe(z.number().int().min(1).max(2_147_483_647)),
    /** '' when the visitor did not say. */
    leadSourceId: z.string(),
    WebPassword: z.string().min(1, UNSTATED).max(PASSWORD_MAX, messages.passwordLength),
    confirmPassword: z.string().min(1, UNSTATED),
    agreed: z.boolean().refine(Boolean, UNSTATED),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword && v.confirmPassword !== v.WebPassword)
      flag(ctx, ['confirmPassword'], messages.passwordsMustMatch);
  });
export type SignUpFormValues = z.input<typeof signUpFormSchema>;

/** Forgot password: the address the reset mail goes to. */
export const forgotPasswordFormSchema = resetPasswordRequestSchema.extend({
  webUserName: filled(z.string().trim().max(254).refine(isValidEmail, messages.invalidEmail)),
});

/** The new password of a reset link, typed twice. */
export const newPasswordFormSchema = updatePasswordRequestSchema
  .pick({ newPassword: true })
  .extend({
    newPassword: z.string().min(1, UNSTATED).max(PASSWORD_MAX),
    confirmPassword: z.string().min(1, UNSTATED),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword && v.confirmPassword !== v.newPassword)
      flag(ctx, ['confirmPassword'], messages.passwordsMustMatch);
  });
