import { ActionIcon, Badge, Box, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconBell, IconCircleCheck, IconCircleX, IconInfoCircle, IconServer, IconTrash } from '@tabler/icons-react';
import { NOTIFICATIONS_INITIAL_VISIBLE, NOTIFICATIONS_STEP } from '@kubemarket/shared';
import { useState, type ReactNode } from 'react';
import { QueryView } from '../../components/list-kit';
import { badgeLabel, notificationKind, notificationTime, type NotificationKind } from './notification-time';
import { useNotificationList, useUnreadCount } from './notification-queries';
import { useNotificationActions } from './use-notification-actions';
import { useNotificationSocket } from './use-notification-socket';

const KIND_STYLE: Record<NotificationKind, { color: string; icon: ReactNode; label: string }> = {
  success: { color: 'teal', icon: <IconCircleCheck size={16} />, label: 'Success' },
  warning: { color: 'yellow', icon: <IconAlertTriangle size={16} />, label: 'Warning' },
  error: { color: 'red', icon: <IconCircleX size={16} />, label: 'Error' },
  system: { color: 'grape', icon: <IconServer size={16} />, label: 'System' },
  info: { color: 'blue', icon: <IconInfoCircle size={16} />, label: 'Info' },
};

/** Maximum height of the list (docs/product/screens.md#notifications-dropdown). */
const LIST_MAX_HEIGHT = 300;

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm" ta="center" py="lg" data-testid="notification-empty">
      {children}
    </Text>
  );
}

export function NotificationBell() {
  useNotificationSocket();
  const [opened, setOpened] = useState(false);
  const [visible, setVisible] = useState(NOTIFICATIONS_INITIAL_VISIBLE);
  const list = useNotificationList();
  const count = useUnreadCount();
  const { markRead, markAllRead, trash } = useNotificationActions();
  const unread = count.data?.count ?? 0;
  const items = list.data ?? [];
  const shown = items.slice(0, visible);

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      onClose={() => setVisible(NOTIFICATIONS_INITIAL_VISIBLE)}
      position="bottom-end"
      width={380}
      shadow="md"
      withArrow
    >
      {/* The popover's aria-expanded/-haspopup belong on the button, not on the badge around it. */}
      <Indicator label={badgeLabel(unread)} size={18} disabled={unread === 0} color="red" offset={4} data-testid="notification-badge">
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
            onClick={() => setOpened((value) => !value)}
            data-testid="notification-bell"
          >
            <IconBell size={18} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} data-testid="notification-dropdown">
        <Group justify="space-between" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Text fw={600}>Notifications</Text>
          <Button size="compact-xs" variant="subtle" disabled={unread === 0} loading={markAllRead.isPending} onClick={() => markAllRead.mutate()}>
            Mark all as read
          </Button>
        </Group>
        <QueryView
          query={list}
          loading={<Empty>Loading notifications…</Empty>}
          errorTitle="Notifications could not be loaded"
          isEmpty={(data) => data.length === 0}
          empty={<Empty>No notifications to display</Empty>}
        >
          {() => (
            <ScrollArea.Autosize mah={LIST_MAX_HEIGHT} type="auto">
              <Stack gap={0}>
                {shown.map((item) => {
                  const style = KIND_STYLE[notificationKind(item.type)];
                  return (
                    <Group
                      key={item.id}
                      wrap="nowrap"
                      align="flex-start"
                      gap="sm"
                      px="md"
                      py="sm"
                      data-testid="notification-item"
                      data-read={item.read}
                      style={{ borderBottom: '1px solid var(--mantine-color-default-border)', background: item.read ? undefined : 'var(--mantine-color-default-hover)' }}
                    >
                      <ThemeIcon variant="light" color={style.color} size="md" radius="xl" aria-label={style.label}>
                        {style.icon}
                      </ThemeIcon>
                      <UnstyledButton
                        style={{ flex: 1, minWidth: 0 }}
                        onClick={() => !item.read && markRead.mutate({ id: item.id })}
                        aria-label={item.read ? undefined : `Mark as read: ${item.message}`}
                      >
                        <Text size="sm" fw={item.read ? 400 : 600} style={{ wordBreak: 'break-word' }}>
                          {item.message}
                        </Text>
                        <Group gap={6}>
                          <Text size="xs" c="dimmed">
                            {notificationTime(item.timestamp)}
                          </Text>
                          {item.read ? null : (
                            <Badge size="xs" variant="dot" color="blue">
                              Unread
                            </Badge>
                          )}
                        </Group>
                      </UnstyledButton>
                      <Tooltip label="Move to trash">
                        <ActionIcon variant="subtle" color="gray" aria-label="Move to trash" onClick={() => trash.mutate({ id: item.id })}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  );
                })}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </QueryView>
        {items.length > visible ? (
          <Box p="xs">
            <Button fullWidth variant="subtle" size="xs" onClick={() => setVisible((value) => value + NOTIFICATIONS_STEP)}>
              View all notifications
            </Button>
          </Box>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
