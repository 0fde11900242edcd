/**
 * The first message of each field of a schema's answer, keyed by the field's path ("billing.city"),
 * as a form shows them under its fields; empty when the input was accepted.
 */
export function fieldMessages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[issue.path.join('.')] ??= issue.message;
  return byField;
}
