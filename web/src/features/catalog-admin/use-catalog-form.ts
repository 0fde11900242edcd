import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createElement, useState } from 'react';
import type { z } from 'zod';
import { needsApproval } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { toast } from '../../lib/toast';
import { ReasonDialog, type ReasonAction } from '../officers';
import type { ChangeRequestInput } from './catalog-admin-types';
import { serverProblems } from './server-errors';

/** A catalogue call to send for approval: the procedure and the input the form sent it. */
export type ApprovalCall = Omit<ChangeRequestInput, 'reason'>;

interface CatalogFormOptions<Values extends Record<string, unknown>, Parsed> {
  initialValues: Values;
  schema: z.ZodType<Parsed, Values>;
  /** The form field of an API field, for the server's field messages. */
  fieldOf: (apiField: string) => string | null;
  /** Sends the parsed values; resolves to the saved item's name, rejects with the server's error. */
  save: (parsed: Parsed) => Promise<string>;
  /** Toast titles: "Add-on created", "Add-on not saved". */
  savedTitle: string;
  failedTitle: string;
  onSaved: () => void;
  /**
   * The call the form made with these values, for a change the server refuses with 412 because it
   * needs a second administrator (a large price cut, a large promotion; ADR 27): the form then
   * offers to send it for approval with a reason.
   */
  approval?: (parsed: Parsed) => ApprovalCall | null;
}

/**
 * A catalogue form: checked on the client by its zod schema (the server's rules, in the form's
 * units), sent, and on refusal the server's messages put next to their fields or, for the rest,
 * in the form's alert; a toast says how it went either way.
 */
export function useCatalogForm<Values extends Record<string, unknown>, Parsed>({
  initialValues,
  schema,
  fieldOf,
  save,
  savedTitle,
  failedTitle,
  onSaved,
  approval,
}: CatalogFormOptions<Values, Parsed>) {
  const form = useForm<Values>({ mode: 'controlled', initialValues, validate: schemaResolver(schema, { sync: true }) });
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const approvalOffer = useApprovalOffer();
  const submit = form.onSubmit(async (values) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return;
    setSaving(true);
    setGeneralError(null);
    try {
      const name = await save(parsed.data);
      toast({ title: savedTitle, description: `“${name}” has been saved.`, variant: 'success' });
      onSaved();
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      if (approvalOffer.offer(failure, approval?.(parsed.data), onSaved)) return;
      const problems = serverProblems(message, fieldOf);
      form.setErrors(problems.fields);
      setGeneralError(problems.general);
      toast({ title: failedTitle, description: message, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  });

  return { form, submit, generalError, saving, approvalDialog: approvalOffer.dialog };
}

/**
 * For a catalogue call the server refused with 412 because it needs a second administrator (a large
 * price cut, a large promotion, restoring one; ADR 27): `offer` opens a dialog that sends the same
 * call for approval with the requester's reason, and says whether it did (false for any other
 * failure, which the caller shows). Render `dialog`.
 */
export function useApprovalOffer() {
  const [action, setAction] = useState<ReasonAction | null>(null);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const requestApproval = useMutation(trpc.catalogAdmin.changeRequests.create.mutationOptions());

  const offer = (failure: unknown, call: ApprovalCall | null | undefined, onSent?: () => void): boolean => {
    if (!call || !needsApproval(failure)) return false;
    setAction({
      title: 'Send this change for approval?',
      body: failure instanceof Error ? failure.message : String(failure),
      confirmLabel: 'Send for approval',
      reasonLabel: 'Why this change',
      reasonDescription: 'The approving administrator reads it; it is kept in the audit log.',
      run: async (reason) => {
        await requestApproval.mutateAsync({ ...call, reason });
        await queryClient.invalidateQueries({ queryKey: trpc.catalogAdmin.changeRequests.pathKey() });
        onSent?.();
      },
      done: { title: 'Sent for approval', description: 'An administrator other than you approves or refuses it; it is listed in the Officers Panel until then.' },
    });
    return true;
  };

  const dialog = createElement(ReasonDialog, {
    action,
    reasonProblem: (reason: string) => (reason.trim().length < 3 ? 'Say why in at least 3 characters.' : null),
    onClose: () => setAction(null),
  });
  return { offer, dialog };
}
