/** Private file storage: files go in under random keys and come back only by key. */
export interface StoragePort {
  put(bytes: Uint8Array): Promise<string>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}
