import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createElement, useState } from 'react';
import { needsApproval } from '../../lib/api-errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { toast } from '../../lib/toast';
import { useSchemaForm } from '../../lib/use-schema-form';
import { ReasonDialog, type ReasonAction } from '../officers';
import type { ChangeRequestInput } from './catalog-admin-types';
import { useRefreshCatalog } from './catalog-admin-queries';
import type { CatalogCodec } from './form-codec';

/** A catalogue call to send for approval: the procedure and the input the form sent it. */
export type ApprovalCall = Omit<ChangeRequestInput, 'reason'>;

interface CatalogFormOptions<Parsed, Create, Saved> {
  /** The create input, where it takes more than the form's values (a plan's middleware); the codec's otherwise. */
  createInput?: (parsed: Parsed) => Create;
  /** The saved item's name, for the toast, where the codec's will not do. */
  nameOf?: (saved: Saved) => string;
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * A catalogue form, on the app's one form pattern (useSchemaForm): checked on the client by its
 * codec's zod schema (the server's rules, in the form's units), sent by the entity's procedures,
 * and on refusal the server's messages put next to their fields or, for the rest, in the form's
 * alert; a toast says how it went either way. A change that needs a second administrator is
 * offered for approval (render `approvalDialog`). `item` is the one to edit, null to create one.
 */
export function useCatalogForm<Stored, Create, Update, Values extends Record<string, unknown>, Parsed, Saved>(
  codec: CatalogCodec<Stored, Create, Update, Values, Parsed, Saved>,
  item: Stored | null,
  onDone: () => void,
  { createInput = codec.createInput, nameOf = codec.saving.nameOf ?? ((saved) => (saved as { name: string }).name) }: CatalogFormOptions<Parsed, Create, Saved> = {},
) {
  const client = useTRPCClient();
  const refresh = useRefreshCatalog();
  const approvalOffer = useApprovalOffer();
  const { noun, created = 'created', procedures, approval } = codec.saving;
  const approvalCall = (parsed: Parsed): ApprovalCall | null => {
    if (item) return approval ? { procedure: approval.update, input: codec.updateInput(item, parsed) as ApprovalCall['input'] } : null;
    return approval?.create ? { procedure: approval.create, input: createInput(parsed) as ApprovalCall['input'] } : null;
  };
  const schemaForm = useSchemaForm({
    schema: codec.schema,
    initialValues: item ? codec.valuesOf(item) : codec.empty(),
    mode: 'controlled',
    fieldOf: codec.fieldOf,
    submit: async (parsed: Parsed) => {
      const { create, update } = procedures(client);
      try {
        const saved = item ? await update.mutate(codec.updateInput(item, parsed)) : await create.mutate(createInput(parsed));
        void refresh();
        toast({ title: `${noun} ${item ? 'saved' : created}`, description: `“${nameOf(saved)}” has been saved.`, variant: 'success' });
        onDone();
      } catch (failure) {
        if (approvalOffer.offer(failure, approvalCall(parsed), onDone)) return;
        toast({ title: `${noun} not saved`, description: messageOf(failure), variant: 'destructive' });
        // The form puts the server's messages next to their fields, the rest in its alert.
        throw failure;
      }
    },
  });

  return { ...schemaForm, approvalDialog: approvalOffer.dialog, editing: item !== null, onDone };
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
