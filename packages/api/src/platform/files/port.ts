/**
 * Stored files (ticket attachments): R2 in the Worker (emulated locally by wrangler), memory in
 * tests. Keys are opaque; who may read a file is decided by the domain before it asks for one.
 */
export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
  size: number;
}

export interface FilesPort {
  put(key: string, bytes: Uint8Array, metadata: { contentType: string; sha256: string }): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredFile | null>;
  delete(keys: string[]): Promise<void>;
}
