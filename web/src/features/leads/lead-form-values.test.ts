import { describe, expect, it } from 'vitest';
import { toLeadInput, validateLeadForm } from './lead-form-values';
import type { DetailField, LeadFormValues } from './lead-form-values';

const RULES = { company: 'required', phone: 'optional', message: 'optional' } as const;
const FIELDS: DetailField[] = [
  { name: 'nodes', label: 'Nodes', type: 'number', required: true, min: 1, max: 500 },
  { name: 'region', label: 'Region', type: 'select', options: [{ value: 'fr-par-1', label: 'Paris' }] },
];

function values(overrides: Partial<LeadFormValues> = {}): LeadFormValues {
  return { name: 'Camille Durand', email: 'camille@hopital.example', company: 'CHU Example', phone: '', message: '', details: { nodes: '12' }, ...overrides };
}

describe('validateLeadForm', () => {
  it('accepts a complete form', () => {
    expect(validateLeadForm(values(), RULES, FIELDS)).toEqual({});
  });

  it('reports missing and malformed fields', () => {
    const errors = validateLeadForm(values({ name: ' ', email: 'camille@', company: '', phone: '12', details: { nodes: '0' } }), RULES, FIELDS);
    expect(errors).toEqual({
      name: 'Name is required.',
      email: 'Enter a valid email address.',
      company: 'Company is required.',
      phone: 'Enter a valid phone number, e.g. +33 1 23 45 67 89.',
      'details.nodes': 'Nodes must be at least 1.',
    });
  });

  it('requires a meaningful message when the message is required', () => {
    expect(validateLeadForm(values({ message: 'help' }), { ...RULES, message: 'required' }, FIELDS).message).toBe(
      'Please tell us a little more (at least 10 characters).',
    );
  });
});

describe('toLeadInput', () => {
  it('trims values, leaves blanks out and sends numbers as numbers', () => {
    expect(toLeadInput('custom_quote', values({ phone: ' +33 1 23 45 67 89 ', details: { nodes: ' 12 ', region: '' } }), FIELDS, { source: 'pricing' })).toEqual({
      kind: 'custom_quote',
      name: 'Camille Durand',
      email: 'camille@hopital.example',
      company: 'CHU Example',
      phone: '+33 1 23 45 67 89',
      message: undefined,
      details: { source: 'pricing', nodes: 12 },
    });
  });
});
