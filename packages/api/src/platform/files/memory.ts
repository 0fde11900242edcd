import type { FilesPort, StoredFile } from './port';

/** Files kept in a map, for tests and tools without a bucket; `objects` lets a test look inside. */
export function memoryFiles(): FilesPort & { objects: Map<string, StoredFile & { sha256: string }> } {
  const objects = new Map<string, StoredFile & { sha256: string }>();
  return {
    objects,
    async put(key, bytes, metadata) {
      objects.set(key, { bytes: bytes.slice(), contentType: metadata.contentType, size: bytes.byteLength, sha256: metadata.sha256 });
    },
    async get(key) {
      const object = objects.get(key);
      return object ? { bytes: object.bytes.slice(), contentType: object.contentType, size: object.size } : null;
    },
    async delete(keys) {
      for (const key of keys) objects.delete(key);
    },
  };
}
