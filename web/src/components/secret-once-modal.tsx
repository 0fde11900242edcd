import { Alert, Button, Code, CopyButton, Group, Stack } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Modal } from './overlays';

interface SecretOnceModalProps {
  /** The secret; null keeps the dialog closed. */
  secret: string | null;
  onClose: () => void;
  title: string;
  /** Why it is shown once and where to keep it. */
  notice: ReactNode;
  noticeTitle?: string;
  copyLabel: string;
  testId: string;
}

/** A secret shown this once (an API token, a webhook signing secret), with a copy button. */
export function SecretOnceModal({ secret, onClose, title, notice, noticeTitle, copyLabel, testId }: SecretOnceModalProps) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Alert color="yellow" variant="light" title={noticeTitle}>
          {notice}
        </Alert>
        <Code block data-testid={testId}>
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} color={copied ? 'green.9' : undefined} onClick={copy}>
                {copied ? 'Copied' : copyLabel}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
