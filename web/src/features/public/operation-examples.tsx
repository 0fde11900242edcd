import { Button, Code, CopyButton, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ApiOperation } from './openapi-reference';
import { snippetsOf } from './operation-snippets';

function CopyableCode({ code, label }: { code: string; label: string }) {
  return (
    <Stack gap={4}>
      <Code block>{code}</Code>
      <Group justify="flex-end">
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="subtle" leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={copy} aria-label={`Copy the ${label} example`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * The operation as a script calls it: curl, the typed SDK (`@kubemarket/sdk`) and the `kubemarket`
 * CLI where a command does the same. Console-only operations get a sentence instead.
 */
export function OperationExamples({ operation, baseUrl }: { operation: ApiOperation; baseUrl: string }) {
  const snippets = snippetsOf(operation, baseUrl);
  if (!snippets) return <Text size="sm">Console sessions only: a script cannot call it with an API token.</Text>;
  return (
    <Tabs defaultValue="curl" keepMounted={false} data-testid="operation-examples">
      <Tabs.List aria-label={`Examples of ${operation.summary}`}>
        <Tabs.Tab value="curl">curl</Tabs.Tab>
        <Tabs.Tab value="sdk">TypeScript SDK</Tabs.Tab>
        <Tabs.Tab value="cli">CLI</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="curl" pt="xs">
        <CopyableCode code={snippets.curl} label="curl" />
      </Tabs.Panel>
      <Tabs.Panel value="sdk" pt="xs">
        <CopyableCode code={snippets.sdk} label="SDK" />
      </Tabs.Panel>
      <Tabs.Panel value="cli" pt="xs">
        {snippets.cli ? (
          <CopyableCode code={snippets.cli} label="CLI" />
        ) : (
          <Text size="sm">No `kubemarket` command does this yet: use curl or the SDK.</Text>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}
