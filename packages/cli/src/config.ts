import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { UsageError } from './kit.ts';

/** Where `kubemarket login` keeps the URL and token: $XDG_CONFIG_HOME/kubemarket/config.json (~/.config). */
export function configFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'kubemarket', 'config.json');
}

/** Where short-lived credentials wait for their next use: $XDG_CACHE_HOME/kubemarket (~/.cache). */
export function cacheDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'kubemarket');
}

export interface Credentials {
  url: string;
  token: string;
}

interface ConfigFile {
  url?: string;
  token?: string;
}

function readConfig(env: NodeJS.ProcessEnv): ConfigFile {
  try {
    return JSON.parse(readFileSync(configFile(env), 'utf8')) as ConfigFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new UsageError(`${configFile(env)} could not be read: ${(error as Error).message}`);
  }
}

/** KUBEMARKET_URL and KUBEMARKET_TOKEN, each over what `kubemarket login` saved. */
export function credentials(env: NodeJS.ProcessEnv = process.env): Credentials {
  const saved = readConfig(env);
  const url = env.KUBEMARKET_URL?.trim() || saved.url;
  const token = env.KUBEMARKET_TOKEN?.trim() || saved.token;
  if (!url || !token) throw new UsageError('No credentials: set KUBEMARKET_URL and KUBEMARKET_TOKEN, or run `kubemarket login`.');
  return { url: url.replace(/\/+$/, ''), token };
}

/**
 * Writes a file only its owner may read (0600), in a directory only its owner may enter (0700),
 * through a temporary file renamed over it: a reader never sees half a file, and the mode holds
 * even when the file existed with another one.
 */
export function writePrivateFile(path: string, text: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}

export function saveConfig(config: Credentials, env: NodeJS.ProcessEnv = process.env): string {
  const path = configFile(env);
  writePrivateFile(path, `${JSON.stringify({ url: config.url, token: config.token }, null, 2)}\n`);
  return path;
}
