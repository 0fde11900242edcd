import { Alert, Box, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';

interface RecoveryCodesProps {
  codes: string[];
  /** Pressed once the person has stored the codes: they are never shown again. */
  onDone: () => void;
  doneLabel?: string;
  /** Said above the codes, after the general advice (e.g. that older codes stopped working). */
  notice?: ReactNode;
}

function download(text: string) {
  const url = URL.createObjectURL(new Blob([`KubeMarket recovery codes\n\n${text}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'kubemarket-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** One-time recovery codes, shown once with ways to keep them (copy, download). */
export function RecoveryCodes({ codes, onDone, doneLabel = 'I have saved them', notice }: RecoveryCodesProps) {
  const text = codes.join('\n');
  const region = useRef<HTMLDivElement>(null);

  // The codes replace the form that asked for them: move focus here so nobody misses them.
  useEffect(() => {
    region.current?.focus();
  }, []);

  return (
    <Stack
      gap="md"
      ref={region}
      tabIndex={-1}
      role="region"
      aria-labelledby="recovery-codes-title"
      style={{ outline: 'none' }}
      data-testid="recovery-codes"
    >
      <Alert
        color="yellow"
        variant="light"
        icon={<IconShieldCheck size={18} aria-hidden />}
        title={<span id="recovery-codes-title">Save your recovery codes</span>}
      >
        <Stack gap={6}>
          <Text size="sm">
            Each code signs you in once if you lose your authenticator. This is the only time they are shown: store them
            in your password manager or print them.
          </Text>
          {notice ? <Text size="sm">{notice}</Text> : null}
        </Stack>
      </Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        m={0}
        p={0}
        style={{ listStyle: 'none', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(15.5rem, 1fr))', gap: 'var(--mantine-spacing-xs)' }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Code display="block" fz="sm" ta="center" py={6} data-testid="recovery-code">
              {code}
            </Code>
          </li>
        ))}
      </Box>
      <Group gap="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={() => download(text)} leftSection={<IconDownload size={16} aria-hidden />}>
          Download
        </Button>
        <Button onClick={onDone}>{doneLabel}</Button>
      </Group>
    </Stack>
  );
}
