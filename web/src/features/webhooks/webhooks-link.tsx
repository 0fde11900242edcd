import { roleCan } from '@kubemarket/shared';
import { Group } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { ButtonLink } from '../../components/router-links';
import { useCurrentUser } from '../auth';

/** The settings page's way to the webhooks page, for the roles that may read webhooks. */
export function WebhooksLink() {
  const { data: user } = useCurrentUser();
  if (!user || !roleCan(user.organizationRole, 'webhooks:read')) return null;
  return (
    <Group>
      <ButtonLink to="/settings/webhooks" variant="light" size="xs" leftSection={<IconWebhook size={16} aria-hidden />}>
        Webhooks
      </ButtonLink>
    </Group>
  );
}
