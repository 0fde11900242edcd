import { describe, expect, it } from 'vitest';
import { memoryFiles } from './memory';
import { r2Files, type R2BucketLike } from './r2';

/** A bucket like R2's: keeps bytes and metadata, refuses a body whose SHA-256 does not match. */
function fakeBucket() {
  const objects = new Map<string, { bytes: Uint8Array; contentType?: string }>();
  const bucket: R2BucketLike & { objects: typeof objects } = {
    objects,
    async put(key, value, options) {
      const digest = [...new Uint8Array(await crypto.subtle.digest('SHA-256', value))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
      if (options?.sha256 && options.sha256 !== digest) throw new Error('put: The SHA-256 checksum you specified did not match what we received.');
      objects.set(key, { bytes: value.slice(), ...(options?.httpMetadata?.contentType ? { contentType: options.httpMetadata.contentType } : {}) });
      return {};
    },
    async get(key) {
      const object = objects.get(key);
      if (!object) return null;
      return { size: object.bytes.byteLength, httpMetadata: { contentType: object.contentType }, arrayBuffer: async () => object.bytes.slice().buffer };
    },
    async delete(keys) {
      for (const key of Array.isArray(keys) ? keys : [keys]) objects.delete(key);
    },
  };
  return bucket;
}

const bytes = new TextEncoder().encode('kubelet: node not ready\n');
const sha256 = async (data: Uint8Array) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', data))].map((byte) => byte.toString(16).padStart(2, '0')).join('');

describe.each([
  ['memory', () => memoryFiles()],
  ['R2 adapter', () => r2Files(fakeBucket())],
])('files port (%s)', (_name, make) => {
  it('stores, reads back with the content type, and deletes', async () => {
    const files = make();
    await files.put('tickets/t1/a1', bytes, { contentType: 'text/plain; charset=utf-8', sha256: await sha256(bytes) });
    const stored = await files.get('tickets/t1/a1');
    expect(stored).toMatchObject({ contentType: 'text/plain; charset=utf-8', size: bytes.byteLength });
    expect(new TextDecoder().decode(stored!.bytes)).toBe('kubelet: node not ready\n');
    await files.delete(['tickets/t1/a1']);
    expect(await files.get('tickets/t1/a1')).toBeNull();
    expect(await files.get('never-stored')).toBeNull();
  });
});

describe('R2 adapter', () => {
  it('hands R2 the digest, so a body that changed on the way is refused and nothing is stored', async () => {
    const bucket = fakeBucket();
    const files = r2Files(bucket);
    await expect(files.put('tickets/t1/a2', bytes, { contentType: 'text/plain', sha256: '0'.repeat(64) })).rejects.toThrow(/checksum/);
    expect(bucket.objects.size).toBe(0);
  });
});
