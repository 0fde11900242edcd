import { describe, expect, it } from 'vitest';
import { checkAttachment, cleanFilename } from './attachments';
import { MAX_ATTACHMENT_BYTES } from './schemas';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n');
const text = (value: string) => new TextEncoder().encode(value);

describe('ticket attachments', () => {
  it('accepts images, PDF, text, logs, YAML and JSON, served with our own content type', () => {
    expect(checkAttachment({ filename: 'screen.png', contentType: 'image/png', bytes: PNG }).contentType).toBe('image/png');
    expect(checkAttachment({ filename: 'report.pdf', contentType: '', bytes: PDF }).contentType).toBe('application/pdf');
    expect(checkAttachment({ filename: 'kubelet.log', contentType: 'application/octet-stream', bytes: text('E1124 node not ready') }).contentType).toBe('text/plain; charset=utf-8');
    expect(checkAttachment({ filename: 'values.yml', contentType: 'text/yaml', bytes: text('replicas: 3\n') }).contentType).toBe('application/yaml; charset=utf-8');
    expect(checkAttachment({ filename: 'event.json', contentType: 'application/json', bytes: text('{"a":1}') }).contentType).toBe('application/json; charset=utf-8');
  });

  it('refuses other types, whatever the declared type says', () => {
    expect(() => checkAttachment({ filename: 'setup.exe', contentType: 'application/octet-stream', bytes: Uint8Array.from([0x4d, 0x5a]) })).toThrow(/cannot be attached\. Allowed: PNG/);
    // An HTML page renamed .png: the bytes are not a PNG.
    expect(() => checkAttachment({ filename: 'cat.png', contentType: 'image/png', bytes: text('<script>alert(1)</script>') })).toThrow(/cat\.png is not a PNG file/);
    // A declared type that contradicts the name.
    expect(() => checkAttachment({ filename: 'notes.txt', contentType: 'text/html', bytes: text('hello') })).toThrow(/sent as text\/html/);
    // Binary content in a "text" file.
    expect(() => checkAttachment({ filename: 'dump.log', contentType: 'text/plain', bytes: Uint8Array.from([0x41, 0x00, 0x42]) })).toThrow(/not UTF-8 text/);
  });

  it('refuses a file over 10 MB with 413 and names the limit; an empty file with 400', () => {
    const big = new Uint8Array(MAX_ATTACHMENT_BYTES + 1);
    big.set(PDF);
    expect(() => checkAttachment({ filename: 'big.pdf', contentType: 'application/pdf', bytes: big })).toThrow(expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE', message: 'big.pdf is larger than 10 MB, the limit for one attachment.' }));
    const atLimit = new Uint8Array(MAX_ATTACHMENT_BYTES);
    atLimit.set(PDF);
    expect(checkAttachment({ filename: 'ok.pdf', contentType: 'application/pdf', bytes: atLimit }).bytes.byteLength).toBe(MAX_ATTACHMENT_BYTES);
    expect(() => checkAttachment({ filename: 'empty.txt', contentType: 'text/plain', bytes: new Uint8Array() })).toThrow(expect.objectContaining({ code: 'BAD_REQUEST' }));
  });

  it('keeps only the base name, without control characters or quotes', () => {
    expect(cleanFilename('C:\\Users\\a\\..\\évènement "1".log')).toBe('évènement 1.log');
    expect(cleanFilename('../../etc/passwd\n')).toBe('passwd');
    expect(cleanFilename('///')).toBe('attachment');
  });
});
