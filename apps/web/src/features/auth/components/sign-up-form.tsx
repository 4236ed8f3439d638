import { useEffect, useMemo } from 'react';
import type { z } from 'zod';
import {
  DEFAULT_LEAD_SOURCE_ID,
  DEFAULT_PROFESSION_ID,
  PASSWORD_MAX,
  digitsOnly,
  groupProfessions,
  leadSourceForCampaign,
  messages,
  resolveLeadSourceId,
  signUpFormSchema,
  type SignUpFormValues,
} from '@hcp/contracts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { userMessage } from '../../../lib/error-messages.ts';
import { useLeadSources, useProfessions } from '../../../lib/reference-data.ts';
import { campaignSource, keptCampaign } from '../../../lib/campaign.ts';
import { agency } from '../../../config/agency.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field.tsx';
import { Form, boundSelect, fieldError, filtered, useFormValid, useZodForm } from '../../../components/ui/form.tsx';
import styles from './auth-forms.module.css';

const empty: SignUpFormValues = {
  EmailAddress: '',
  PhoneNumber: '',
  FirstName: '',
  LastName: '',
  ProfessionId: String(DEFAULT_PROFESSION_ID),
  leadSourceId: '',
  WebPassword: '',
  confirmPassword: '',
  agreed: false,
};

/** Create Account waits for a complete form; a wrong email, phone or confirmation is named once its field is left. */
export function SignUpForm({ onSuccess }: { onSuccess?: () => void | Promise<void> }) {
  const { signUp } = useAuth();
  const professions = useProfessions();
  const leadSources = useLeadSources();
  const form = useZodForm(signUpFormSchema, { defaultValues: empty });
  const valid = useFormValid(form);
  const { errors, isSubmitting } = form.formState;

  // A visit that came from a campaign naming a lead source shows it chosen: the clinician sees the attribution
  // sign-up will store, and may correct it (a referral or a recruiter's contact is kept as chosen).
  useEffect(() => {
    const matched = leadSourceForCampaign(campaignSource(), leadSources.data ?? []);
    if (matched !== null && !form.getValues('leadSourceId')) form.setValue('leadSourceId', String(matched));
  }, [leadSources.data, form]);

  const grouped = useMemo(() => groupProfessions(professions.data ?? []), [professions.data]);
  const leadGroups = useMemo(() => {
    const groups = new Map<string, { id: number; webFriendlyName: string }[]>();
    for (const l of [...(leadSources.data ?? [])].sort((a, b) => (a.webOrder ?? 0) - (b.webOrder ?? 0))) {
      const g = l.webGroup ?? 'Other';
      groups.set(g, [...(groups.get(g) ?? []), l]);
    }
    return [...groups.entries()];
  }, [leadSources.data]);

  const submit = async (v: z.output<typeof signUpFormSchema>) => {
    try {
      const chosen = v.leadSourceId ? Number(v.leadSourceId) : null;
      await signUp(
        {
          EmailAddress: v.EmailAddress,
          PhoneNumber: v.PhoneNumber,
          FirstName: v.FirstName,
          LastName: v.LastName,
          ProfessionId: v.ProfessionId,
          ReferralId: resolveLeadSourceId(chosen ?? DEFAULT_LEAD_SOURCE_ID, campaignSource(), leadSources.data ?? []),
          WebPassword: v.WebPassword,
        },
        keptCampaign(),
      );
      await onSuccess?.();
    } catch (err) {
      form.setError('root.server', { message: userMessage(err) ?? messages.genericOops });
    }
  };

  return (
    <Form form={form} onSubmit={submit} noValidate className={styles.form} aria-label="Sign Up">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        error={fieldError(form, 'EmailAddress')}
        {...form.register('EmailAddress')}
      />
      <TextField
        label="Phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        required
        maxLength={10}
        error={fieldError(form, 'PhoneNumber')}
        {...filtered(form.register('PhoneNumber'), (t) => digitsOnly(t, 10))}
      />
      <div className={styles.row}>
        <TextField
          label="First Name"
          autoComplete="given-name"
          required
          maxLength={100}
          {...form.register('FirstName')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          required
          maxLength={100}
          {...form.register('LastName')}
        />
      </div>
      <SelectField label="Profession" required {...boundSelect(form, 'ProfessionId')}>
        <optgroup label="Most Common">
          {grouped.mostCommon.map((p) => (
            <option key={`c${p.id}`} value={p.id}>
              {p.name}
            </option>
          ))}
        </optgroup>
        <optgroup label="All">
          {grouped.all.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </optgroup>
      </SelectField>
      <SelectField label="How did you hear about us?" {...boundSelect(form, 'leadSourceId')}>
        <option value="">Select...</option>
        {leadGroups.map(([group, items]) => (
          <optgroup key={group} label={group}>
            {items.map((l) => (
              <option key={l.id} value={l.id}>
                {l.webFriendlyName}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        hint="8 to 30 characters."
        {...form.register('WebPassword', { deps: ['confirmPassword'] })}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        error={fieldError(form, 'confirmPassword')}
        {...form.register('confirmPassword')}
      />
      <Checkbox
        {...form.register('agreed')}
        label={
          <span className={styles.agreement}>
            I agree to receive emails, calls and text messages from {agency.name} about jobs and my application. Calls
            may be recorded. Message and data rates may apply.
          </span>
        }
      />
      <div role="alert" className={styles.error}>
        {errors.root?.server?.message ?? ''}
      </div>
      <Button type="submit" block disabled={!valid || isSubmitting}>
        {isSubmitting ? 'Creating Account...' : 'Create Account'}
      </Button>
    </Form>
  );
}
