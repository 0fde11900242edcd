import { csrfHeaders, rememberCsrfToken } from '../../lib/csrf';
import { responseError } from '../../lib/http-error';

/**
 * Files go through REST only (multipart), never through tRPC: POST /api/tickets/{id}/attachments
 * for members, POST /api/admin/tickets/{id}/attachments for staff (internal=true for a note).
 * The answer is the ticket after the reply, as the tRPC procedures answer it.
 */
export async function uploadTicketFiles<T>(
  url: string,
  files: readonly File[],
  fields: { body?: string; internal?: boolean } = {},
): Promise<T> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  if (fields.body?.trim()) form.append('body', fields.body);
  if (fields.internal) form.append('internal', 'true');
  const response = await fetch(url, { method: 'POST', body: form, credentials: 'include', headers: csrfHeaders() });
  rememberCsrfToken(response);
  if (!response.ok) throw await responseError(response);
  return (await response.json()) as T;
}

export const memberUploadUrl = (ticketId: string) => `/api/tickets/${encodeURIComponent(ticketId)}/attachments`;
export const staffUploadUrl = (ticketId: string) => `/api/admin/tickets/${encodeURIComponent(ticketId)}/attachments`;
export const memberAttachmentUrl = (ticketId: string, attachmentId: string) => `/api/tickets/${encodeURIComponent(ticketId)}/attachments/${encodeURIComponent(attachmentId)}`;
export const staffAttachmentUrl = (ticketId: string, attachmentId: string) => `/api/admin/tickets/${encodeURIComponent(ticketId)}/attachments/${encodeURIComponent(attachmentId)}`;

/** Saves a file answered as base64 (the visitors' download, which needs the token in a POST body). */
export function saveBase64File(file: { filename: string; contentType: string; contentBase64: string }): void {
  const binary = atob(file.contentBase64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.filename;
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
