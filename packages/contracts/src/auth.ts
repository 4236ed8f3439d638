import { z } from 'zod';
import { PASSWORD_MAX, isValidEmail, isValidPhone, messages } from './validation.ts';
import { CAMPAIGN_VALUE_MAX } from './campaign.ts';

/** POST auth/HcpSignUp (JSON, PascalCase field names, as clients of the sign-up call send them). */
export const signUpRequestSchema = z.object({
  EmailAddress: z.string().trim().max(254).refine(isValidEmail, messages.invalidEmail),
  PhoneNumber: z.string().refine(isValidPhone, messages.invalidPhone),
  FirstName: z.string().trim().min(1, 'First name is required').max(100),
  LastName: z.string().trim().min(1, 'Last name is required').max(100),
  ProfessionId: z.coerce.number().int().min(1).max(2_147_483_647),
  ReferralId: z.coerce.number().int().min(1).max(2_147_483_647).nullish(),
  WebPassword: z.string().min(1).max(PASSWORD_MAX, messages.passwordLength),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

const campaignValue = (what: string) =>
  z
    .string()
    .trim()
    .max(CAMPAIGN_VALUE_MAX, `At most ${CAMPAIGN_VALUE_MAX} characters`)
    .refine((v) => !/\p{Cc}/u.test(v), 'Control characters are not allowed')
    .optional()
    .describe(what);
/**
 * The campaign of the visit that led to sign-up, sent as the query of the sign-up call (its body stays the
 * specification's): stored with the new account. An empty value counts as absent.
 */
export const signUpCampaignQuerySchema = z.object({
  utm_source: campaignValue('The campaign source (also matched to a lead source by the client)'),
  utm_medium: campaignValue('The campaign medium (cpc, email, social, ...)'),
  utm_campaign: campaignValue("The campaign's name"),
  utm_term: campaignValue('The paid search term'),
  utm_content: campaignValue('Which ad or link of the campaign'),
});
export type SignUpCampaignQuery = z.infer<typeof signUpCampaignQuerySchema>;

/** POST auth/HcpLogin (form fields). */
export const loginFormSchema = z.object({
  username: z.string().max(254),
  password: z.string().max(200),
});

/** The token is answered as text by login, sign-up and refresh. */
export const tokenTextSchema = z.string();

/** POST api/home/login/website (hub login). */
export const hubLoginRequestSchema = z.object({ userName: z.string().max(254), password: z.string().max(200) });
export const hubLoginResponseSchema = z.object({
  authToken: z.string(),
  UserData: z.object({ firstName: z.string(), lastName: z.string(), photoUrl: z.string().nullable() }),
});

export const disciplineSchema = z.object({
  id: z.number(),
  isAllied: z.boolean(),
  name: z.string(),
  webOrder: z.number().nullable(),
});

/** GET HcpApiUser/userInfo */
export const userInfoSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  applicationComplete: z.boolean(),
  eligibleForSubmission: z.boolean(),
  discipline: disciplineSchema.nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** POST auth/ResetPasswordRequest (form). */
export const resetPasswordRequestSchema = z.object({ webUserName: z.string().max(254) });
export const resetPasswordRequestResponseSchema = z.object({ message: z.string() });
/** POST auth/ValidateResetGuid (form). */
export const validateResetGuidRequestSchema = z.object({ resetGuid: z.string().max(200) });
export const validateResetGuidResponseSchema = z.object({
  guidIsValid: z.boolean(),
  webUserName: z.string().nullable(),
});
export type ValidateResetGuidResponse = z.infer<typeof validateResetGuidResponseSchema>;
/** POST auth/UpdateHcpUserPassword (form). */
export const updatePasswordRequestSchema = z.object({
  resetGuid: z.string().max(200),
  newPassword: z.string().max(200),
});
export const updatePasswordResponseSchema = z.object({ success: z.boolean(), message: z.string() });

/** GET HcpJobApplication/getCompletedHCPApplicationSteps */
export const completedStepsResponseSchema = z.object({ completedSteps: z.array(z.string()) });
