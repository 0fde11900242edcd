import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import type { z } from 'zod';
import { toast } from '../../lib/toast';
import { serverProblems } from './server-errors';

interface CatalogFormOptions<Values extends Record<string, unknown>, Parsed> {
  initialValues: Values;
  schema: z.ZodType<Parsed, Values>;
  /** The form field of an API field, for the server's field messages. */
  fieldOf: (apiField: string) => string | null;
  /** Sends the parsed values; resolves to the saved item's name, rejects with the server's error. */
  save: (parsed: Parsed) => Promise<string>;
  /** Toast titles: "Add-on created", "Add-on not saved". */
  savedTitle: string;
  failedTitle: string;
  onSaved: () => void;
}

/**
 * A catalogue form: checked on the client by its zod schema (the server's rules, in the form's
 * units), sent, and on refusal the server's messages put next to their fields or, for the rest,
 * in the form's alert; a toast says how it went either way.
 */
export function useCatalogForm<Values extends Record<string, unknown>, Parsed>({
  initialValues,
  schema,
  fieldOf,
  save,
  savedTitle,
  failedTitle,
  onSaved,
}: CatalogFormOptions<Values, Parsed>) {
  const form = useForm<Values>({ mode: 'controlled', initialValues, validate: schemaResolver(schema, { sync: true }) });
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = form.onSubmit(async (values) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return;
    setSaving(true);
    setGeneralError(null);
    try {
      const name = await save(parsed.data);
      toast({ title: savedTitle, description: `“${name}” has been saved.`, variant: 'success' });
      onSaved();
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      const problems = serverProblems(message, fieldOf);
      form.setErrors(problems.fields);
      setGeneralError(problems.general);
      toast({ title: failedTitle, description: message, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  });

  return { form, submit, generalError, saving };
}
