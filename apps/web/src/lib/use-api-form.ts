import type { FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { toast } from '../components/ui/toast';
import { clearOnUserFocus, useFocusFirstError } from './focus-first-error';

export const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/** The answer envelope's `errors` (field → message) of a failed call, if it has any. */
const envelopeErrors = (error: unknown): Record<string, string> =>
  (error as { errors?: Record<string, string> } | null)?.errors ?? {};

export interface ApiFormOptions<S extends z.ZodType<FieldValues, FieldValues>> {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** Sends the form; a message it returns is the success toast. */
  submit: (
    values: z.output<S>,
    form: UseFormReturn<z.input<S>, unknown, z.output<S>>,
  ) => Promise<string | undefined | void>;
  /** After the success toast, e.g. on to the next screen. */
  after?: (values: z.output<S>, form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => unknown;
  /**
   * A failure the form answers itself (a question to ask, another screen to show): return true
   * and no toast is shown.
   */
  onFailure?: (error: unknown, values: z.output<S>) => boolean | Promise<boolean>;
  /** The failure toast's text; the error's message by default. */
  failureMessage?: (error: unknown) => string;
  /**
   * Errors show on submit and clear when their field takes focus (spec section 2); `false`
   * keeps react-hook-form's own timing (re-validated as the user types).
   */
  errorsOnSubmit?: boolean;
}

/**
 * One way for a form to talk to the API: zod validation with the shared schema, the pending
 * state, field errors (the schema's, and the answer envelope's `errors` under the fields of the
 * same names), focus on the first field in error, and the result toast.
 *
 * `field(name)` gives a TextField or PasswordField its error and registration; `onSubmit` goes on
 * the form, `formRef` on the form element.
 */
export function useApiForm<S extends z.ZodType<FieldValues, FieldValues>>({
  schema,
  defaultValues,
  submit,
  after,
  onFailure,
  failureMessage = errorMessage,
  errorsOnSubmit = true,
}: ApiFormOptions<S>) {
  type Input = z.input<S>;
  const form = useForm<Input, unknown, z.output<S>>({
    resolver: zodResolver(schema as never),
    defaultValues,
    ...(errorsOnSubmit ? { reValidateMode: 'onSubmit' as const, shouldFocusError: false } : {}),
  });
  const { errors, submitCount, isSubmitting } = form.formState;
  const formRef = useFocusFirstError(errorsOnSubmit ? submitCount : 0, errors);

  const send = form.handleSubmit(async (values) => {
    try {
      const message = await submit(values, form);
      if (message) toast.success(message);
      await after?.(values, form);
    } catch (error) {
      if (onFailure && (await onFailure(error, values))) return;
      for (const [name, text] of Object.entries(envelopeErrors(error)))
        if (name in defaultValues) form.setError(name as Path<Input>, { message: text });
      toast.error(failureMessage(error));
    }
  });

  return {
    form,
    formRef,
    errors,
    pending: isSubmitting,
    onSubmit: (event: FormEvent) => void send(event),
    /** A field's error and registration, for TextField, PasswordField or Select. */
    field: (name: Path<Input>) => ({
      error: form.getFieldState(name, form.formState).error?.message,
      ...form.register(name),
      ...(errorsOnSubmit
        ? {
            announceError: true,
            onFocus: clearOnUserFocus(() => form.clearErrors(name)),
          }
        : {}),
    }),
  };
}
