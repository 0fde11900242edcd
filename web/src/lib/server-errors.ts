/**
 * The server answers a refused input with "field: message; other.0: message" (publicErrorMessage
 * in packages/api/src/errors.ts) and anything else with a plain sentence. The forms put each
 * field's message next to that field and the rest in an alert.
 */

export interface ServerProblems {
  /** Form field → message. */
  fields: Record<string, string>;
  /** Messages that belong to no field of the form. */
  general: string | null;
}

const FIELD_ISSUE = /^([A-Za-z][A-Za-z0-9_]*)(?:\.[A-Za-z0-9_]+)*: (.+)$/s;

/**
 * Splits a server message into field messages and the rest. `fieldOf` names the form field of an
 * API field, or null when the form has none.
 */
export function serverProblems(message: string, fieldOf: (apiField: string) => string | null): ServerProblems {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  const parts = message.split('; ');
  const issues = parts.map((part) => FIELD_ISSUE.exec(part));
  // A sentence that merely contains "; " is not a list of issues: keep it whole.
  if (parts.length > 1 && issues.some((issue) => issue === null)) return { fields, general: message };
  for (const [index, part] of parts.entries()) {
    const issue = issues[index];
    const field = issue ? fieldOf(issue[1]!) : null;
    if (issue && field) fields[field] ??= issue[2]!;
    else general.push(part);
  }
  return { fields, general: general.length ? general.join('; ') : null };
}

/** A field map where the API and form names differ; every other API field has the same name in the form. */
export function fieldMap(form: readonly string[], renamed: Record<string, string> = {}): (apiField: string) => string | null {
  return (apiField) => renamed[apiField] ?? (form.includes(apiField) ? apiField : null);
}
