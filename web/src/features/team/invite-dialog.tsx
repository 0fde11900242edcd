import { inviteInputSchema, ORGANIZATION_ROLE_LABELS, ORGANIZATION_ROLES, type OrganizationRole } from '@kubemarket/shared';
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/error-alert';
import { fieldMap } from '../../lib/server-errors';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { assignableRoles } from './team-format';
import { CancelSubmitRow } from '../../components/form-fields';
import { Modal } from '../../components/overlays';

const ROLE_OPTIONS = ORGANIZATION_ROLES.map((role) => ({ value: role, label: ORGANIZATION_ROLE_LABELS[role] }));

interface InviteDialogProps {
  opened: boolean;
  actorRole: OrganizationRole;
  companyName: string;
  onClose: () => void;
  onInvited: () => Promise<void>;
}

/** Settings → Team: inviting someone by email with a role. */
export function InviteDialog({ opened, actorRole, companyName, onClose, onInvited }: InviteDialogProps) {
  const trpc = useTRPC();
  const invite = useMutation(trpc.team.invite.mutationOptions());
  const { form, formRef, onSubmit, submitting, error, setError } = useSchemaForm({
    schema: inviteInputSchema,
    initialValues: { email: '', role: 'member' as OrganizationRole },
    validateInputOnBlur: true,
    submit: (input) => invite.mutateAsync(input),
    fieldOf: fieldMap(['email', 'role']),
    success: (sent) => ({ title: 'Invitation sent', description: `${sent.email} can join as ${ORGANIZATION_ROLE_LABELS[sent.role].toLowerCase()} within 7 days.`, variant: 'success' }),
    onSuccess: () => void onInvited().then(close),
  });
  function close() {
    form.reset();
    setError(null);
    onClose();
  }
  return (
    <Modal opened={opened} onClose={close} title={`Invite someone to ${companyName}`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form ref={formRef} noValidate data-testid="invite-form" onSubmit={onSubmit}>
        <Stack gap="md">
          <Text size="sm">We email them a link. They sign in, or create an account, with this address to join.</Text>
          <ErrorAlert>{error}</ErrorAlert>
          <TextInput label="Email" type="email" required key={form.key('email')} {...form.getInputProps('email')} autoComplete="off" data-autofocus />
          <Select
            label="Role"
            required
            data={ROLE_OPTIONS.filter((option) => assignableRoles(actorRole).includes(option.value))}
            allowDeselect={false}
            key={form.key('role')}
            {...form.getInputProps('role')}
            comboboxProps={{ withinPortal: true }}
          />
          <CancelSubmitRow onCancel={close} submitting={submitting}>
            Send invitation
          </CancelSubmitRow>
        </Stack>
      </form>
    </Modal>
  );
}
