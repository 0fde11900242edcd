/**
 * The server's attachment rules (packages/api tickets/attachments.ts), checked before uploading so
 * a wrong file is named at once instead of after a 10 MB upload. The server checks again, and
 * decides by the bytes; these checks only go by the name and size.
 */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_MESSAGE = 5;
export const ALLOWED_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'pdf', 'txt', 'log', 'yaml', 'yml', 'json'] as const;
export const ALLOWED_ATTACHMENTS_TEXT = 'PNG, JPEG, GIF or WebP images, PDF, text (.txt, .log), YAML or JSON; up to 5 files of 10 MB each';
/** For the file input's `accept`: a hint to the picker, not a check. */
export const ATTACHMENT_ACCEPT = ALLOWED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export interface CandidateFile {
  name: string;
  size: number;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Every reason the files cannot be sent, one sentence each; empty when they can. */
export function attachmentProblems(files: readonly CandidateFile[]): string[] {
  const problems: string[] = [];
  if (files.length > MAX_ATTACHMENTS_PER_MESSAGE) problems.push(`At most ${MAX_ATTACHMENTS_PER_MESSAGE} files per message; ${files.length} are selected.`);
  for (const file of files) {
    if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
      problems.push(`${file.name}: this type of file is not accepted (${ALLOWED_ATTACHMENTS_TEXT.split(';')[0]}).`);
    } else if (file.size > MAX_ATTACHMENT_BYTES) {
      problems.push(`${file.name} is ${formatMegabytes(file.size)}; the limit is 10 MB.`);
    } else if (file.size === 0) {
      problems.push(`${file.name} is empty.`);
    }
  }
  return problems;
}

/** A file size in words for the attachment list: "812 B", "14.2 KB", "3.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return formatMegabytes(bytes);
}
