import { describe, expect, it } from 'vitest';
import { serverProblems } from '../../lib/server-errors';
import { DECLARE_FIELDS, EMPTY_DECLARE_FORM, messageError, toDeclareInput, validateDeclareForm } from './incident-form';

const valid = { title: 'API down in Paris', impact: 'major' as const, affectedRegions: ['fr-par-1'], affectedServices: [], message: 'Investigating.' };

describe('validateDeclareForm', () => {
  it('names every missing field of an empty form', () => {
    expect(validateDeclareForm(EMPTY_DECLARE_FORM)).toEqual({
      title: 'Title must be at least 3 characters.',
      impact: 'Choose the impact on customers.',
      affectedRegions: 'Name at least one affected region or service.',
      message: 'Write what customers should know: the message is required.',
    });
  });

  it('accepts a service without a region, and refuses overlong text', () => {
    expect(validateDeclareForm({ ...valid, affectedRegions: [], affectedServices: ['console'] })).toEqual({});
    expect(validateDeclareForm({ ...valid, title: 'x'.repeat(121), message: 'y'.repeat(2_001) })).toEqual({
      title: 'Title must be at most 120 characters.',
      message: 'Message must be at most 2000 characters.',
    });
  });
});

describe('messageError', () => {
  it('requires text unless optional', () => {
    expect(messageError('  ')).toBe('Write what customers should know: the message is required.');
    expect(messageError('  ', false)).toBeNull();
    expect(messageError('Fixed.')).toBeNull();
  });
});

describe('toDeclareInput', () => {
  it('trims the text and carries the idempotency key', () => {
    expect(toDeclareInput({ ...valid, title: '  API down  ', message: ' Looking. ' }, 'key-12345678')).toEqual({
      title: 'API down',
      impact: 'major',
      affectedRegions: ['fr-par-1'],
      affectedServices: [],
      message: 'Looking.',
      idempotencyKey: 'key-12345678',
    });
  });
});

describe("the declaration's server messages (serverProblems with DECLARE_FIELDS)", () => {
  it('puts a field issue next to its field and leaves sentences whole', () => {
    expect(serverProblems('affectedRegions: Name at least one affected region or service.', DECLARE_FIELDS)).toEqual({ fields: { affectedRegions: 'Name at least one affected region or service.' }, general: null });
    expect(serverProblems('affectedServices.0: Each service must be one of: console.', DECLARE_FIELDS)).toEqual({ fields: { affectedServices: 'Each service must be one of: console.' }, general: null });
    expect(serverProblems('Unknown region: xx-nowhere-9. Use data-centre ids such as fr-par-1.', DECLARE_FIELDS)).toEqual({ fields: {}, general: 'Unknown region: xx-nowhere-9. Use data-centre ids such as fr-par-1.' });
    // Several issues: each next to its own field (the hand-written parser left them whole for the alert).
    expect(serverProblems('title: Too short; message: Required', DECLARE_FIELDS)).toEqual({ fields: { title: 'Too short', message: 'Required' }, general: null });
  });
});
