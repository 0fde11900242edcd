import { schemaResolver, useForm } from '@mantine/form';
import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { focusFirstInvalidSoon } from './focus-invalid';
import { afterPointerPress } from './pointer-press';
import { serverProblems, type ServerProblems } from './server-errors';
import { toast, type ToastInput } from './toast';

/** A form's values, as Mantine's useForm takes them (an interface qualifies, unlike with Record<string, unknown>). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyValues = Record<string, any>;

export interface SchemaFormOptions<Values extends AnyValues, Parsed, Result> {
  /** The zod schema the server checks the input with (from @kubemarket/shared), in the form's terms. */
  schema: z.ZodType<Parsed>;
  initialValues: Values;
  /**
   * 'uncontrolled' (the default) re-renders only on submit and errors; 'controlled' when what the
   * form shows follows its values as they are typed (a button enabled once a name matches).
   */
  mode?: 'controlled' | 'uncontrolled';
  onValuesChange?: (values: Values, previous: Values) => void;
  /**
   * Checks a field as soon as it is left, not only on submit; left by pressing a button, once the
   * press is over, so that its message cannot move the button from under the pointer.
   */
  validateInputOnBlur?: boolean;
  /**
   * The messages follow the values from the first change, not only once a submit has been tried
   * (a form whose button waits for valid values, so a submit cannot show what is wrong).
   */
  validateInputOnChange?: boolean;
  /** Sends the checked values; rejects with the server's error. */
  submit: (parsed: Parsed, values: Values) => Promise<Result> | Result;
  /**
   * The form field of an API field named in a refusal ("field: message; other: message"): that
   * message goes under the field, the rest to the form's alert. Left out, every refusal goes to the alert.
   */
  fieldOf?: (apiField: string) => string | null;
  /**
   * Splits a refusal into the form fields' messages and the rest, for a server that names the
   * fields by paths of its own (`billing.city`); in place of serverProblems with fieldOf.
   */
  problemsOf?: (message: string) => ServerProblems;
  /**
   * The field a refusal that names no field goes under, instead of the form's alert (a one-field
   * form, such as a code: "That code is not valid" belongs under it).
   */
  refusalField?: string;
  /** The toast once it has succeeded. */
  success?: ToastInput | ((result: Result, parsed: Parsed) => ToastInput);
  /** Runs after success (and after the form is emptied when resetOnSuccess). */
  onSuccess?: (result: Result, parsed: Parsed) => void;
  /** Back to the initial values once it has succeeded. */
  resetOnSuccess?: boolean;
}

function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

/**
 * The one way a form of the app works (issue 32): Mantine's form checked by the zod schema the
 * server uses; a refused submit focuses the first invalid field; the submit state; the server's
 * refusal put next to its fields or in the form's alert (`error`); a toast on success.
 *
 * Render `<form ref={formRef} noValidate onSubmit={onSubmit}>`, the fields with
 * `key={form.key(name)} {...form.getInputProps(name)}`, `<ErrorAlert>{error}</ErrorAlert>` and a
 * submit button with `loading={submitting}`.
 */
export function useSchemaForm<Values extends AnyValues, Parsed, Result = unknown>({
  schema,
  initialValues,
  mode = 'uncontrolled',
  onValuesChange,
  validateInputOnBlur,
  validateInputOnChange = false,
  submit,
  fieldOf,
  problemsOf,
  refusalField,
  success,
  onSuccess,
  resetOnSuccess = false,
}: SchemaFormOptions<Values, Parsed, Result>) {
  const validate = schemaResolver(schema, { sync: true });
  // Once a submit has been tried (or from the start with validateInputOnChange), the messages follow the values as they change.
  const tried = useRef(validateInputOnChange);
  const form = useForm<Values>({
    mode,
    initialValues,
    validateInputOnBlur,
    // Pressing the submit button takes the focus from the field: checked at once, its message would
    // push the button down before the release, which would then land beside it and send nothing (the
    // bank transfer dialog's button moved 16 of its 36 px). After the press, the submit has checked every field anyway.
    enhanceGetInputProps: validateInputOnBlur ? ({ inputProps: { onBlur } }) => ({ onBlur: () => afterPointerPress(() => onBlur?.()) }) : undefined,
    validate,
    onValuesChange: (values, previous) => {
      onValuesChange?.(values, previous);
      if (tried.current) form.setErrors(validate(values));
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // A second submit while one is sent (Enter pressed again) is ignored: the form sends once.
  const sending = useRef(false);
  const send = async (values: Values) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success || sending.current) return;
    sending.current = true;
    setSubmitting(true);
    setError(null);
    try {
      const result = await submit(parsed.data, values);
      tried.current = validateInputOnChange;
      if (resetOnSuccess) form.reset();
      if (success) toast(typeof success === 'function' ? success(result, parsed.data) : success);
      onSuccess?.(result, parsed.data);
    } catch (failure) {
      const problems = problemsOf ? problemsOf(messageOf(failure)) : serverProblems(messageOf(failure), fieldOf ?? (() => null));
      if (refusalField && problems.general !== null) {
        problems.fields[refusalField] ??= problems.general;
        problems.general = null;
      }
      form.setErrors(problems.fields);
      setError(problems.general);
      if (Object.keys(problems.fields).length > 0) focusFirstInvalidSoon(formRef);
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    // A form may be opened from inside another (a dialog over a form): React bubbles events
    // through the portal, and the outer form must not submit too.
    event?.stopPropagation();
    tried.current = true;
    form.onSubmit(
      (values) => void send(values),
      () => focusFirstInvalidSoon(formRef),
    )(event);
  };

  return { form, formRef, onSubmit, submitting, error, setError };
}
