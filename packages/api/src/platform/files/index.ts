export type { FilesPort, StoredFile } from './port';
export { r2Files, type R2BucketLike } from './r2';
export { memoryFiles } from './memory';
