import { leadInputSchema } from '@kubemarket/shared';
import type { LeadInput, LeadKind } from '@kubemarket/shared';
import type { z } from 'zod';

export type { LeadInput, LeadKind };

export type FieldRule = 'required' | 'optional' | 'hidden';

export interface DetailField {
  /** Key in the lead's details object. */
  name: string;
  label: string;
  type: 'text' | 'select' | 'number' | 'date';
  required?: boolean;
  options?: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  description?: string;
  min?: number;
  max?: number;
}

export interface LeadFormValues {
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
  details: Record<string, string>;
}

export interface LeadFieldRules {
  company: FieldRule;
  phone: FieldRule;
  message: FieldRule;
}

type Errors = Partial<Record<string, string>>;

const FIELDS = leadInputSchema.shape;

/** The server's message for a value of one field of the lead input, or undefined when it is accepted. */
function problemOf(schema: z.ZodType, value: string): string | undefined {
  return schema.safeParse(value).error?.issues[0]?.message;
}

/**
 * The server's rules for the fields every request form has (the shared lead input schema), plus what
 * each form asks for on top: a required company, phone or message, and its own detail fields.
 */
export function validateLeadForm(values: LeadFormValues, rules: LeadFieldRules, detailFields: readonly DetailField[]): Errors {
  const errors: Errors = {};
  errors.name = problemOf(FIELDS.name, values.name);
  errors.email = problemOf(FIELDS.email, values.email);

  const company = values.company.trim();
  if (rules.company === 'required' && company.length < 2) errors.company = 'Company is required.';
  else errors.company = problemOf(FIELDS.company, company);

  const phone = values.phone.trim();
  if (rules.phone === 'required' && !phone) errors.phone = 'Phone is required.';
  else errors.phone = problemOf(FIELDS.phone, phone);

  const message = values.message.trim();
  if (rules.message === 'required' && message.length < 10) errors.message = 'Please tell us a little more (at least 10 characters).';
  else errors.message = problemOf(FIELDS.message, message);

  for (const field of detailFields) {
    const value = (values.details[field.name] ?? '').trim();
    const key = `details.${field.name}`;
    if (field.required && !value) {
      errors[key] = `${field.label} is required.`;
      continue;
    }
    if (!value) continue;
    if (field.type === 'number') {
      const number = Number(value);
      if (!Number.isFinite(number)) errors[key] = `${field.label} must be a number.`;
      else if (field.min !== undefined && number < field.min) errors[key] = `${field.label} must be at least ${field.min}.`;
      else if (field.max !== undefined && number > field.max) errors[key] = `${field.label} must be at most ${field.max}.`;
    } else if (value.length > 2000) {
      errors[key] = `${field.label} must be at most 2000 characters.`;
    }
  }
  // Mantine takes every key as an error: only the fields with a problem.
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));
}

/** The procedure input: trimmed values, hidden or blank fields left out, numbers as numbers. */
export function toLeadInput(kind: LeadKind, values: LeadFormValues, detailFields: readonly DetailField[], fixedDetails: Record<string, string> = {}): LeadInput {
  const details: Record<string, string | number> = { ...fixedDetails };
  for (const field of detailFields) {
    const value = (values.details[field.name] ?? '').trim();
    if (!value) continue;
    details[field.name] = field.type === 'number' ? Number(value) : value;
  }
  const optional = (value: string) => value.trim() || undefined;
  return {
    kind,
    name: values.name.trim(),
    email: values.email.trim(),
    company: optional(values.company),
    phone: optional(values.phone),
    message: optional(values.message),
    details: Object.keys(details).length > 0 ? details : undefined,
  };
}
