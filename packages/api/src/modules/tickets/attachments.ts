/**
 * What a ticket attachment may be (issue 14): images, PDF, text, logs, YAML and JSON, at most
 * 10 MB. The file's own bytes decide, not the type the client declares: an image or a PDF must
 * start with its signature, a text file must be UTF-8 without NUL bytes. The stored and served
 * content type is ours, never the client's.
 */
import { TRPCError } from '@trpc/server';
import { MAX_ATTACHMENT_BYTES } from './schemas';

type Kind = 'png' | 'jpeg' | 'gif' | 'webp' | 'pdf' | 'text' | 'log' | 'yaml' | 'json';

const KINDS_BY_EXTENSION: Record<string, Kind> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  pdf: 'pdf',
  txt: 'text',
  log: 'log',
  yaml: 'yaml',
  yml: 'yaml',
  json: 'json',
};

const SERVED_TYPES: Record<Kind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  text: 'text/plain; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  yaml: 'application/yaml; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** Declared types a client may send for each kind (browsers differ, and many send none). */
const DECLARED_TYPES: Record<Kind, string[]> = {
  png: ['image/png'],
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  pdf: ['application/pdf'],
  text: ['text/plain'],
  log: ['text/plain', 'text/x-log'],
  yaml: ['application/yaml', 'application/x-yaml', 'text/yaml', 'text/x-yaml', 'text/plain'],
  json: ['application/json', 'text/json', 'text/plain'],
};
const GENERIC_TYPES = ['', 'application/octet-stream'];

export const ALLOWED_ATTACHMENTS = 'PNG, JPEG, GIF or WebP images, PDF, text (.txt, .log), YAML or JSON';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

function signatureMatches(kind: Kind, bytes: Uint8Array): boolean {
  switch (kind) {
    case 'png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'gif':
      return startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'));
    case 'webp':
      return startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8);
    case 'pdf':
      return startsWith(bytes, ascii('%PDF-'));
    default:
      return isPlainText(bytes);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A name safe to store and to put in a header: no path, no control characters, bounded. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(-200);
  return cleaned || 'attachment';
}

export interface CheckedFile {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The file as it will be stored, or a 4xx naming the rule it breaks. */
export function checkAttachment(file: { filename: string; contentType: string; bytes: Uint8Array }): CheckedFile {
  const filename = cleanFilename(file.filename);
  if (file.bytes.byteLength > MAX_ATTACHMENT_BYTES) {
    throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: `${filename} is larger than 10 MB, the limit for one attachment.` });
  }
  if (file.bytes.byteLength === 0) throw new TRPCError({ code: 'BAD_REQUEST', message: `${filename} is empty.` });
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  const kind = KINDS_BY_EXTENSION[extension];
  if (!kind) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `${filename}: this type of file cannot be attached. Allowed: ${ALLOWED_ATTACHMENTS}.` });
  }
  const declared = file.contentType.split(';')[0]!.trim().toLowerCase();
  if (!GENERIC_TYPES.includes(declared) && !DECLARED_TYPES[kind].includes(declared)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `${filename} is sent as ${declared}, which does not match its .${extension} name. Allowed: ${ALLOWED_ATTACHMENTS}.` });
  }
  if (!signatureMatches(kind, file.bytes)) {
    const what = kind === 'text' || kind === 'log' || kind === 'yaml' || kind === 'json' ? 'UTF-8 text' : `a ${kind.toUpperCase()} file`;
    throw new TRPCError({ code: 'BAD_REQUEST', message: `${filename} is not ${what}, whatever its name says. Allowed: ${ALLOWED_ATTACHMENTS}.` });
  }
  return { filename, contentType: SERVED_TYPES[kind], bytes: file.bytes };
}
