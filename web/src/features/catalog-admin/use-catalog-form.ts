import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createElement, useState } from 'react';
import type { AppRouter } from '@kubemarket/api';
import type { TRPCClient } from '@trpc/client';
import { needsApproval } from '../../lib/api-errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { toast } from '../../lib/toast';
import { ReasonDialog, type ReasonAction } from '../officers';
import type { ChangeRequestInput } from './catalog-admin-types';
import { useRefreshCatalog } from './catalog-admin-queries';
import type { CatalogCodec } from './form-codec';
import { serverProblems } from './server-errors';

/** A catalogue call to send for approval: the procedure and the input the form sent it. */
export type ApprovalCall = Omit<ChangeRequestInput, 'reason'>;

/** An entity's create and update procedures on the tRPC client, e.g. `client.catalogAdmin.clusterTiers`. */
interface SaveProcedures<Create, Update, Saved> {
  create: { mutate: (input: Create) => Promise<Saved> };
  update: { mutate: (input: Update) => Promise<Saved> };
}

interface CatalogFormOptions<Stored, Create, Update, Values extends Record<string, unknown>, Parsed, Saved> {
  /** The entity's form codec (form-codec.ts): its schema, values and inputs. */
  codec: CatalogCodec<Stored, unknown, Update, Values, Parsed>;
  /** The item to edit; null to create one. */
  item: Stored | null;
  procedures: (client: TRPCClient<AppRouter>) => SaveProcedures<Create, Update, Saved>;
  /** The create input, where it takes more than the form's values (a plan's middleware); the codec's otherwise. */
  createInput?: (parsed: Parsed) => Create;
  /** What the item is, for the toasts: "Add-on saved", "Add-on created", "Add-on not saved". */
  noun: string;
  /** The toast's word for a new item, "created" unless told. */
  created?: string;
  /** The saved item's name, for the toast. */
  nameOf: (saved: Saved) => string;
  /**
   * The procedures the server can refuse with 412 because the change needs a second administrator
   * (a large price cut, a large promotion; ADR 27): the form then offers to send the same call for
   * approval with a reason.
   */
  approval?: { update: ApprovalCall['procedure']; create?: ApprovalCall['procedure'] };
  onDone: () => void;
}

/**
 * A catalogue form: checked on the client by its zod schema (the server's rules, in the form's
 * units), sent, and on refusal the server's messages put next to their fields or, for the rest,
 * in the form's alert; a toast says how it went either way. `editing` says whether it edits an
 * item (or creates one); render `approvalDialog`.
 */
export function useCatalogForm<Stored, Create, Update, Values extends Record<string, unknown>, Parsed, Saved>({
  codec,
  item,
  procedures,
  createInput = codec.createInput as (parsed: Parsed) => Create,
  noun,
  created = 'created',
  nameOf,
  approval,
  onDone,
}: CatalogFormOptions<Stored, Create, Update, Values, Parsed, Saved>) {
  const client = useTRPCClient();
  const refresh = useRefreshCatalog();
  const { schema, fieldOf } = codec;
  const form = useForm<Values>({ mode: 'controlled', initialValues: item ? codec.valuesOf(item) : codec.empty(), validate: schemaResolver(schema, { sync: true }) });
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const approvalOffer = useApprovalOffer();
  const approvalCall = (parsed: Parsed): ApprovalCall | null => {
    if (item) return approval ? { procedure: approval.update, input: codec.updateInput(item, parsed) as ApprovalCall['input'] } : null;
    return approval?.create ? { procedure: approval.create, input: createInput(parsed) as ApprovalCall['input'] } : null;
  };
  const submit = form.onSubmit(async (values) => {
    const parsed = schema.safeParse(values);
    if (!parsed.success) return;
    setSaving(true);
    setGeneralError(null);
    try {
      const { create, update } = procedures(client);
      const saved = item ? await update.mutate(codec.updateInput(item, parsed.data)) : await create.mutate(createInput(parsed.data));
      void refresh();
      toast({ title: `${noun} ${item ? 'saved' : created}`, description: `“${nameOf(saved)}” has been saved.`, variant: 'success' });
      onDone();
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      if (approvalOffer.offer(failure, approvalCall(parsed.data), onDone)) return;
      const problems = serverProblems(message, fieldOf);
      form.setErrors(problems.fields);
      setGeneralError(problems.general);
      toast({ title: `${noun} not saved`, description: message, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  });

  return { form, submit, generalError, saving, approvalDialog: approvalOffer.dialog, editing: item !== null, onDone };
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
