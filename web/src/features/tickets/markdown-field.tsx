import { Box, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { MarkdownView } from './markdown-view';

interface MarkdownFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  required?: boolean;
  placeholder?: string;
  minRows?: number;
  disabled?: boolean;
  testId?: string;
}

/** A Markdown text area with a preview rendered exactly as the thread will show it. */
export function MarkdownField({ label, value, onChange, error, required, placeholder, minRows = 5, disabled, testId }: MarkdownFieldProps) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const previewId = useId();
  return (
    <Stack gap={6}>
      <SegmentedControl
        size="xs"
        w="fit-content"
        value={mode}
        onChange={(next) => setMode(next === 'preview' ? 'preview' : 'write')}
        data={[
          { value: 'write', label: 'Write' },
          { value: 'preview', label: 'Preview' },
        ]}
        aria-label={`${label}: write or preview`}
      />
      {mode === 'write' ? (
        <Textarea
          label={label}
          description="Markdown: **bold**, *italic*, `code`, ``` blocks, - lists, [links](https://…)"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error ? <span role="alert">{error}</span> : undefined}
          required={required}
          placeholder={placeholder}
          autosize
          minRows={minRows}
          maxRows={20}
          disabled={disabled}
          data-testid={testId}
        />
      ) : (
        <Box>
          <Text size="sm" fw={500} id={previewId}>
            {label} (preview)
          </Text>
          <Box p="sm" mih={80} style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)' }} role="region" aria-labelledby={previewId}>
            {value.trim() ? <MarkdownView source={value} /> : <Text size="sm" c="dimmed">Nothing to preview yet.</Text>}
          </Box>
          {error ? (
            <Text size="xs" c="red" role="alert" mt={4}>
              {error}
            </Text>
          ) : null}
        </Box>
      )}
    </Stack>
  );
}
