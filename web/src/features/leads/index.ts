export { LeadForm, type LeadFormProps } from './lead-form';
export type { DetailField, FieldRule, LeadFieldRules } from './lead-form-values';
