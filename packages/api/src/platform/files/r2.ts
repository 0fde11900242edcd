import type { FilesPort } from './port';

/**
 * The part of the Worker's R2Bucket binding the port uses, typed here so packages/api needs no
 * Workers types (the real binding satisfies it structurally).
 */
export interface R2BucketLike {
  put(
    key: string,
    value: Uint8Array,
    options?: { httpMetadata?: { contentType?: string }; sha256?: string; customMetadata?: Record<string, string> },
  ): Promise<unknown>;
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer>; size: number; httpMetadata?: { contentType?: string } } | null>;
  delete(keys: string | string[]): Promise<void>;
}

export function r2Files(bucket: R2BucketLike): FilesPort {
  return {
    async put(key, bytes, metadata) {
      // R2 checks the digest on arrival: a truncated upload is refused, never stored.
      await bucket.put(key, bytes, { httpMetadata: { contentType: metadata.contentType }, sha256: metadata.sha256 });
    },
    async get(key) {
      const object = await bucket.get(key);
      if (!object) return null;
      return { bytes: new Uint8Array(await object.arrayBuffer()), contentType: object.httpMetadata?.contentType ?? 'application/octet-stream', size: object.size };
    },
    async delete(keys) {
      if (keys.length > 0) await bucket.delete(keys);
    },
  };
}
