import { useMemo, useState, type FormEvent } from 'react';
import {
  DEFAULT_LEAD_SOURCE_ID,
  DEFAULT_PROFESSION_ID,
  PASSWORD_MAX,
  digitsOnly,
  groupProfessions,
  isValidEmail,
  isValidPhone,
  messages,
  resolveLeadSourceId,
} from '@hcp/contracts';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { userMessage } from '../../../lib/error-messages.ts';
import { useLeadSources, useProfessions } from '../../../lib/reference-data.ts';
import { agency } from '../../../config/agency.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox, SelectField, TextField } from '../../../components/ui/field.tsx';
import styles from './auth-forms.module.css';

/** The visit's campaign source (utm_source), kept for the session so sign-up can match it to a lead source. */
function campaignSource(): string | null {
  try {
    const fromUrl = new URLSearchParams(window.location.search).get('utm_source');
    if (fromUrl) sessionStorage.setItem('hcp_utm_source', fromUrl);
    return fromUrl ?? sessionStorage.getItem('hcp_utm_source');
  } catch {
    return null;
  }
}

export function SignUpForm({ onSuccess }: { onSuccess?: () => void | Promise<void> }) {
  const { signUp } = useAuth();
  const professions = useProfessions();
  const leadSources = useLeadSources();
  const [v, setV] = useState({
    email: '',
    phone: '',
    firstName: '',
    lastName: '',
    professionId: String(DEFAULT_PROFESSION_ID),
    leadSourceId: '',
    agreed: false,
    password: '',
    confirm: '',
  });
  const [touched, setTouched] = useState({ email: false, phone: false, confirm: false, submitted: false });
  const [serverError, setServerError] = useState('');
  const [pending, setPending] = useState(false);
  const set = (k: keyof typeof v) => (value: string | boolean) => setV((s) => ({ ...s, [k]: value }));

  const emailOk = isValidEmail(v.email.trim());
  const phoneOk = isValidPhone(v.phone);
  const match = v.password === v.confirm;
  const complete =
    !!v.email && !!v.phone && !!v.firstName.trim() && !!v.lastName.trim() && !!v.professionId && v.agreed && !!v.password && !!v.confirm;
  const canSubmit = complete && emailOk && phoneOk && match && !pending;

  const grouped = useMemo(() => groupProfessions(professions.data ?? []), [professions.data]);
  const leadGroups = useMemo(() => {
    const groups = new Map<string, { id: number; webFriendlyName: string }[]>();
    for (const l of [...(leadSources.data ?? [])].sort((a, b) => (a.webOrder ?? 0) - (b.webOrder ?? 0))) {
      const g = l.webGroup ?? 'Other';
      groups.set(g, [...(groups.get(g) ?? []), l]);
    }
    return [...groups.entries()];
  }, [leadSources.data]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched((t) => ({ ...t, submitted: true, confirm: true }));
    if (!canSubmit) return;
    setPending(true);
    setServerError('');
    try {
      const chosen = v.leadSourceId ? Number(v.leadSourceId) : null;
      await signUp({
        EmailAddress: v.email.trim(),
        PhoneNumber: v.phone,
        FirstName: v.firstName.trim(),
        LastName: v.lastName.trim(),
        ProfessionId: Number(v.professionId),
        ReferralId: resolveLeadSourceId(chosen ?? DEFAULT_LEAD_SOURCE_ID, campaignSource(), leadSources.data ?? []),
        WebPassword: v.password,
      });
      await onSuccess?.();
    } catch (err) {
      setServerError(userMessage(err) ?? messages.genericOops);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-label="Sign Up">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={v.email}
        onChange={(e) => set('email')(e.target.value)}
        onBlur={() => setTouched((t) => ({ ...t, email: true }))}
        error={touched.email && v.email && !emailOk ? messages.invalidEmail : null}
        maxLength={254}
      />
      <TextField
        label="Phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        required
        value={v.phone}
        maxLength={10}
        onChange={(e) => set('phone')(digitsOnly(e.target.value, 10))}
        onBlur={() => setTouched((t) => ({ ...t, phone: true }))}
        error={touched.phone && v.phone && !phoneOk ? messages.invalidPhone : null}
      />
      <div className={styles.row}>
        <TextField label="First Name" autoComplete="given-name" required value={v.firstName} maxLength={100} onChange={(e) => set('firstName')(e.target.value)} />
        <TextField label="Last Name" autoComplete="family-name" required value={v.lastName} maxLength={100} onChange={(e) => set('lastName')(e.target.value)} />
      </div>
      <SelectField label="Profession" required value={v.professionId} onChange={(e) => set('professionId')(e.target.value)}>
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
      <SelectField label="How did you hear about us?" value={v.leadSourceId} onChange={(e) => set('leadSourceId')(e.target.value)}>
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
        value={v.password}
        maxLength={PASSWORD_MAX}
        onChange={(e) => set('password')(e.target.value)}
        hint="8 to 30 characters."
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        value={v.confirm}
        maxLength={PASSWORD_MAX}
        onChange={(e) => set('confirm')(e.target.value)}
        onBlur={() => setTouched((t) => ({ ...t, confirm: true }))}
        error={(touched.confirm || touched.submitted) && v.confirm && !match ? messages.passwordsMustMatch : null}
      />
      <Checkbox
        checked={v.agreed}
        onChange={(e) => set('agreed')(e.target.checked)}
        label={
          <span className={styles.agreement}>
            I agree to receive emails, calls and text messages from {agency.name} about jobs and my application. Calls may be
            recorded. Message and data rates may apply.
          </span>
        }
      />
      <div role="alert" className={styles.error}>
        {serverError}
      </div>
      <Button type="submit" block disabled={!canSubmit}>
        {pending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
