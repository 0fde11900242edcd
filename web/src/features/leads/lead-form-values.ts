import type { AppRouter } from '@kubemarket/api';
import type { inferRouterInputs } from '@trpc/server';

export type LeadInput = inferRouterInputs<AppRouter>['leads']['submit'];
export type LeadKind = LeadInput['kind'];

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9][0-9 ()./-]{4,22}[0-9]$/;

type Errors = Partial<Record<string, string>>;

/** Client-side checks mirroring the server's rules, so most mistakes are caught before sending. */
export function validateLeadForm(values: LeadFormValues, rules: LeadFieldRules, detailFields: readonly DetailField[]): Errors {
  const errors: Errors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Name is required.';
  else if (name.length > 100) errors.name = 'Name must be at most 100 characters.';

  const email = values.email.trim();
  if (!email) errors.email = 'Email is required.';
  else if (!EMAIL.test(email) || email.length > 254) errors.email = 'Enter a valid email address.';

  const company = values.company.trim();
  if (rules.company === 'required' && company.length < 2) errors.company = 'Company is required.';
  else if (company.length > 120) errors.company = 'Company must be at most 120 characters.';

  const phone = values.phone.trim();
  if (rules.phone === 'required' && !phone) errors.phone = 'Phone is required.';
  else if (phone && (!PHONE.test(phone) || phone.replace(/\D/g, '').length < 6)) {
    errors.phone = 'Enter a valid phone number, e.g. +33 1 23 45 67 89.';
  }

  const message = values.message.trim();
  if (rules.message === 'required' && message.length < 10) errors.message = 'Please tell us a little more (at least 10 characters).';
  else if (message.length > 5000) errors.message = 'Message must be at most 5000 characters.';

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
  return errors;
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
