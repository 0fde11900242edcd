import { CloseButton, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { fieldRule } from '../../lib/field-rule';
import { ATTACHMENT_ACCEPT, ALLOWED_ATTACHMENTS_TEXT, attachmentProblems, formatBytes } from './attachment-files';

interface FilePickerProps {
  files: File[];
  onChange: (files: File[]) => void;
  label?: string;
  disabled?: boolean;
}

/** Up to five attachments, checked against the server's rules as soon as they are picked. */
export function FilePicker({ files, onChange, label = 'Attachments (optional)', disabled }: FilePickerProps) {
  const problems = attachmentProblems(files);
  return (
    <Stack gap={6}>
      <FileInput
        label={label}
        description={ALLOWED_ATTACHMENTS_TEXT}
        placeholder="Choose files"
        // Mantine's placeholder grey is 3.3:1 on white; the theme's dimmed grey keeps 4.5:1 (WCAG 1.4.3).
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        multiple
        clearable
        clearButtonProps={{ 'aria-label': 'Remove every file' }}
        accept={ATTACHMENT_ACCEPT}
        leftSection={<IconPaperclip size={16} aria-hidden />}
        value={files}
        onChange={(picked) => onChange(picked)}
        disabled={disabled}
        error={problems.length > 0 ? <span role="alert">{problems.join(' ')}</span> : undefined}
        data-testid="ticket-files"
      />
      {files.length > 0 ? (
        <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Selected files">
          {files.map((file, index) => (
            <Group key={`${file.name}-${index}`} gap={6} component="li" wrap="nowrap">
              <Text size="xs">
                {file.name} ({formatBytes(file.size)})
              </Text>
              <CloseButton size="sm" aria-label={`Remove ${file.name}`} onClick={() => onChange(files.filter((_, position) => position !== index))} disabled={disabled} />
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

export function filesAreValid(files: readonly File[]): boolean {
  return attachmentProblems(files).length === 0;
}

/** The files of a form, checked by the server's attachment rules (FilePicker shows what is wrong). */
export const attachmentsRule = fieldRule((files: File[]) => (filesAreValid(files) ? null : attachmentProblems(files).join(' ')));
