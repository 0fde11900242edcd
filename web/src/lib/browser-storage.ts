/**
 * Storage access that never throws: storage can be disabled (privacy settings, sandboxed frames)
 * or full, and losing a remembered value must not break signing in or out.
 */

/** The part of the Web Storage API the helpers use, so tests can pass a plain map. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storageOf(kind: 'session' | 'local'): KeyValueStorage | null {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}

export function sessionStore(): KeyValueStorage | null {
  return storageOf('session');
}

export function localStore(): KeyValueStorage | null {
  return storageOf('local');
}

export function readItem(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(storage: KeyValueStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Full or disabled storage: the value is simply not remembered.
  }
}

export function removeItems(storage: KeyValueStorage | null, keys: readonly string[]): void {
  for (const key of keys) {
    try {
      storage?.removeItem(key);
    } catch {
      // Nothing to clean up in storage we cannot access.
    }
  }
}

/** An in-memory KeyValueStorage, for tests and as a stand-in where no storage exists. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { readonly values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}
