import { z } from 'zod';
import { fieldRule } from '../../lib/field-rule';
import { PROVIDER_PAGES, type CredentialField, type FormValues, type ProviderId } from './providers';

// The credential forms' checks, apart from the providers' table: /my-clusters lists external
// clusters with providers.ts and should not load zod for forms it does not show.

/** The credential form's check: each required field filled in ("… is required."), as the server asks. */
export function credentialsSchema(provider: ProviderId) {
  const required = (field: CredentialField) => fieldRule((value: string | undefined) => ((value ?? '').trim() === '' ? `${field.label} is required.` : null));
  return z.object(Object.fromEntries(PROVIDER_PAGES[provider].fields.map((field) => [field.name, field.optional ? z.string().optional() : required(field)])));
}

/** The provider page's form: the credentials, and a name when they are saved (`intent`, the button that sent it). */
export function connectionFormSchema(provider: ProviderId) {
  return credentialsSchema(provider)
    .extend({ connectionName: z.string(), intent: z.enum(['test', 'save']) })
    .superRefine(({ connectionName, intent }, context) => {
      if (intent === 'save' && !(connectionName ?? '').trim()) context.addIssue({ code: 'custom', path: ['connectionName'], message: 'Give the connection a name to save it.' });
    });
}

/** The first required field left blank, said as the form says it; null when none is. */
export function missingField(provider: ProviderId, values: FormValues): string | null {
  const checked = credentialsSchema(provider).safeParse(values);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}
