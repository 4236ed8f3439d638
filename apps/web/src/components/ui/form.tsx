/**
 * The one form pattern of the web app: react-hook-form driven by a zod schema from @hcp/contracts (the endpoint's
 * request schema, or a form schema derived from it in `packages/contracts/src/forms`), so a rule and its message
 * are written once and the server checks the same ones.
 *
 *   const form = useZodForm(loginFormSchema, { defaultValues });
 *   <Form form={form} onSubmit={(values) => ...} aria-label="Login">
 *     <TextField label="Email" error={fieldError(form, 'email')} {...form.register('email')} />
 *   </Form>
 *
 * Errors appear after a field is first left, then follow every change (`mode: 'onTouched'`); a form with a
 * live cross-field message passes `mode: 'onChange'`. A submit button that waits for a complete form is
 * enabled by `useFormValid(form)`. Steps of the application without a <form> element validate through
 * `submittedValues(form)`.
 */
import type { FormHTMLAttributes } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FormProvider,
  useForm,
  type ChangeHandler,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { isStatedMessage } from '@hcp/contracts';

/** A zod schema whose input is a form's values (an object). */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** useForm's answer, with the schema it validates with (useFormValid reads it). */
export type ZodForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>> & { schema: S };

/** useForm with the zod resolver of `schema`; errors show once a field has been left. */
export function useZodForm<S extends FormSchema>(
  schema: S,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): ZodForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...props,
    resolver: zodResolver(schema),
  });
  // useForm answers the same object on every render with its formState refreshed: a new wrapper per render keeps
  // that state current.
  return { ...form, schema };
}

/**
 * Whether the current values pass the schema: what enables a submit (or Next) button that waits for a complete
 * form. Computed in the render from the watched values, so the button follows the last keystroke and every
 * programmatic setValue at once (react-hook-form's own isValid settles a render later and skips setValue).
 */
export function useFormValid<S extends FormSchema>(form: ZodForm<S>): boolean {
  return form.schema.safeParse(form.watch()).success;
}

/** The message shown under a field: its error after the field was left (or the form submitted), unless the rule is unstated. */
export function fieldError<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  name: FieldPath<T>,
): string | null {
  const message = form.getFieldState(name, form.formState).error?.message;
  return isStatedMessage(message) ? message : null;
}

/**
 * A registered <select> whose shown choice follows the form's value: its options often arrive after it mounts (a
 * reference list still loading), and an uncontrolled select would keep showing its first option. `none` is the
 * form value that stands for the empty option ('Select...', value ''): 0 for a numeric id that starts unchosen.
 */
export function boundSelect<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  name: FieldPath<T>,
  options?: RegisterOptions<T, FieldPath<T>>,
  none: unknown = null,
) {
  const value: unknown = form.watch(name);
  return {
    ...form.register(name, options),
    value: value === null || value === undefined || value === none ? '' : String(value),
  };
}

/**
 * A registered text input whose typed text is cleaned before the form sees it (digits only, upper case, ...): the
 * input shows the cleaned text, as a controlled input would.
 */
export function filtered<N extends string>(
  registration: UseFormRegisterReturn<N>,
  clean: (text: string) => string,
): UseFormRegisterReturn<N> {
  return {
    ...registration,
    onChange: (event: Parameters<ChangeHandler>[0]) => {
      const input = event.target as HTMLInputElement;
      input.value = clean(input.value);
      return registration.onChange(event);
    },
  };
}

/**
 * Validates like a submit (errors shown on every field, focus on the first) and answers the parsed values, or null
 * when the form is invalid. For the application steps, whose Next button lives in the step frame.
 */
export async function submittedValues<TIn extends FieldValues, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
): Promise<TOut | null> {
  let values: TOut | null = null;
  await form.handleSubmit((v) => {
    values = v;
  })();
  return values;
}

export interface FormProps<TIn extends FieldValues, TOut> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onInvalid'
> {
  form: UseFormReturn<TIn, unknown, TOut>;
  onSubmit: SubmitHandler<TOut>;
  onInvalid?: SubmitErrorHandler<TIn>;
}

/**
 * The <form> element of a form: submit runs the schema first and calls onSubmit with the parsed values only. A
 * second submit (Enter in a field) while the first is still being sent is ignored.
 */
export function Form<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  onInvalid,
  children,
  ...rest
}: FormProps<TIn, TOut>) {
  const submitting = form.formState.isSubmitting;
  return (
    <FormProvider {...form}>
      <form
        {...rest}
        onSubmit={(event) => {
          if (!submitting) return form.handleSubmit(onSubmit, onInvalid)(event);
          event.preventDefault();
        }}
      >
        {children}
      </form>
    </FormProvider>
  );
}
