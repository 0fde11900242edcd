import { z } from 'zod';

/**
 * A field's rule written as a function (the value → what is wrong with it, or null) as a zod
 * schema, for a form whose input has no schema of the server's in its units (euros typed where the
 * server takes cents, a reason the dialog's caller words).
 */
export function fieldRule<T>(problem: (value: T) => string | null) {
  return z.custom<T>().superRefine((value, context) => {
    const message = problem(value);
    if (message) context.addIssue({ code: 'custom', message });
  });
}

/**
 * A whole form's rules written as a function (the values → each field's message, by its path such
 * as `details.nodes`) as a zod schema, for a form whose fields are chosen at run time.
 */
export function formRule<T>(problems: (values: T) => Partial<Record<string, string>>) {
  return z.custom<T>().superRefine((values, context) => {
    for (const [path, message] of Object.entries(problems(values))) if (message) context.addIssue({ code: 'custom', path: path.split('.'), message });
  });
}
