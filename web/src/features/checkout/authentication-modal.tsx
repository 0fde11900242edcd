import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { euros } from './money';
import { Modal } from '../../components/overlays';

interface AuthenticationModalProps {
  opened: boolean;
  amountCents: number;
  /** Which answer is being sent, while it is. */
  pending: 'complete' | 'cancel' | null;
  onAnswer: (approved: boolean) => void;
}

/**
 * Test mode's stand-in for the bank's 3-D Secure page: the customer completes or cancels the
 * authentication step the test card asked for. It closes only through one of the two answers, so
 * the payment is never left waiting by a stray click outside.
 */
export function AuthenticationModal({ opened, amountCents, pending, onAnswer }: AuthenticationModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={
        <Group gap="xs" wrap="nowrap">
          <IconShieldLock size={20} aria-hidden />
          <Text fw={700} component="span">
            Confirm the payment with your bank
          </Text>
        </Group>
      }
      data-testid="authentication-modal"
    >
      <Stack gap="md">
        <Badge color="grape.8" variant="filled" w="fit-content">
          Test mode
        </Badge>
        <Text size="sm">
          Your bank asks you to confirm the payment of <strong>{euros(amountCents)}</strong> to KubeMarket. In test mode no bank is involved: choose
          Complete to approve the payment, or Cancel to refuse it. No real money moves either way.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onAnswer(false)} loading={pending === 'cancel'} disabled={pending !== null} data-testid="authentication-cancel">
            Cancel
          </Button>
          <Button onClick={() => onAnswer(true)} loading={pending === 'complete'} disabled={pending !== null} data-autofocus data-testid="authentication-complete">
            Complete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
