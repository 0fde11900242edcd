import { fieldMap } from '../../lib/server-errors';
import type { DeclareIncidentInput, IncidentImpact, IncidentService } from './incident-types';

export interface DeclareFormValues {
  title: string;
  impact: IncidentImpact | '';
  affectedRegions: string[];
  affectedServices: IncidentService[];
  message: string;
}

export const EMPTY_DECLARE_FORM: DeclareFormValues = { title: '', impact: '', affectedRegions: [], affectedServices: [], message: '' };

export type DeclareFormErrors = Partial<Record<keyof DeclareFormValues, string>>;

/** The server's rules, checked before sending so each field says what is wrong next to it. */
export function validateDeclareForm(values: DeclareFormValues): DeclareFormErrors {
  const errors: DeclareFormErrors = {};
  const title = values.title.trim();
  if (title.length < 3) errors.title = 'Title must be at least 3 characters.';
  else if (title.length > 120) errors.title = 'Title must be at most 120 characters.';
  if (!values.impact) errors.impact = 'Choose the impact on customers.';
  if (values.affectedRegions.length + values.affectedServices.length === 0) errors.affectedRegions = 'Name at least one affected region or service.';
  const message = messageError(values.message);
  if (message) errors.message = message;
  return errors;
}

/** The message rule shared by declaring, updating and resolving; null when it is fine. */
export function messageError(message: string, required = true): string | null {
  const text = message.trim();
  if (!text) return required ? 'Write what customers should know: the message is required.' : null;
  if (text.length > 2_000) return 'Message must be at most 2000 characters.';
  return null;
}

/** The declaration to send; the key makes a retried submission declare (and notify) once. */
export function toDeclareInput(values: DeclareFormValues, idempotencyKey: string): DeclareIncidentInput {
  if (!values.impact) throw new Error('The impact is checked before sending.');
  return {
    title: values.title.trim(),
    impact: values.impact,
    affectedRegions: values.affectedRegions,
    affectedServices: values.affectedServices,
    message: values.message.trim(),
    idempotencyKey,
  };
}

/** The declaration form's fields, by the names the server's refusals ("field: message; …") use. */
export const DECLARE_FIELDS = fieldMap(['title', 'impact', 'affectedRegions', 'affectedServices', 'message']);
