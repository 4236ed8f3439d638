import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useAuth } from './auth/auth-provider.tsx';
import { clearOneStepDraft, readStepDraft, writeStepDraft } from './step-drafts.ts';

const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Keeps a draft of `form` under `step` while the clinician types, and brings it back when the form is shown again
 * (after a reload). The draft exists only while the values differ from the form's saved ones (its default values).
 * `omit` names fields never written to storage.
 */
export function useStepDraft<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  step: string,
  { omit = [] }: { omit?: readonly string[] } = {},
) {
  const owner = useAuth().user.email.toLowerCase();
  const restored = useRef(false);
  const { reset, getValues, watch } = form;
  const defaults = form.formState.defaultValues;
  const defaultsRef = useRef(defaults);
  defaultsRef.current = defaults;
  const omitted = omit.join(',');

  useEffect(() => {
    if (!owner || restored.current) return;
    restored.current = true;
    const draft = readStepDraft(step, owner);
    if (draft) reset({ ...getValues(), ...draft } as T, { keepDefaultValues: true });
  }, [owner, step, reset, getValues]);

  useEffect(() => {
    if (!owner) return;
    const leave = new Set(omitted.split(',').filter(Boolean));
    const keep = (values: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(values).filter(([k]) => !leave.has(k)));
    const sub = watch((values) => {
      const typed = keep(values as Record<string, unknown>);
      if (sameValues(typed, keep((defaultsRef.current ?? {}) as Record<string, unknown>))) clearOneStepDraft(step);
      else writeStepDraft(step, owner, typed);
    });
    return () => sub.unsubscribe();
  }, [owner, step, watch, omitted]);
}
