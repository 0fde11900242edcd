import { createInterface } from 'node:readline/promises';
import { createClient } from '@kubemarket/sdk';
import { configFile, saveConfig } from '../config.ts';
import { UsageError, type Command } from '../kit.ts';
import { USER_AGENT } from '../version.ts';

/** A line of stdin: the token piped in (`kubemarket login --url … < token.txt`) or typed. */
async function readToken(stdin: NodeJS.ReadStream, stderr: NodeJS.WriteStream): Promise<string> {
  const lines = createInterface({ input: stdin, output: stdin.isTTY ? stderr : undefined, terminal: false });
  try {
    if (stdin.isTTY) stderr.write('API token (Settings → API tokens): ');
    for await (const line of lines) return line.trim();
    return '';
  } finally {
    lines.close();
  }
}

export const loginCommands: Command[] = [
  {
    name: 'login',
    summary: 'check an API token and save it with the URL for the next commands',
    usage: '--url <console URL> [--token <kmt_…>]',
    options: {
      url: { type: 'string', description: 'The console, e.g. https://console.kubemarket.eu (default: KUBEMARKET_URL).' },
      token: { type: 'string', description: 'The API token (default: KUBEMARKET_TOKEN, else read from stdin: keeps it out of your shell history).' },
    },
    details: `Saved in ${configFile()} (mode 0600). KUBEMARKET_URL and KUBEMARKET_TOKEN, when set, win over it.`,
    async run(context) {
      const url = (typeof context.values.url === 'string' ? context.values.url : process.env.KUBEMARKET_URL)?.replace(/\/+$/, '');
      if (!url) throw new UsageError('Give --url (or set KUBEMARKET_URL).');
      const token = typeof context.values.token === 'string' ? context.values.token : process.env.KUBEMARKET_TOKEN || (await readToken(process.stdin, context.err));
      if (!token) throw new UsageError('No token given.');
      const user = await createClient({ baseUrl: url, token, userAgent: USER_AGENT }).GET('/api/user');
      if (!user || !('username' in user)) throw new UsageError(`${url} did not accept the token as anyone's.`);
      const file = saveConfig({ url, token });
      context.err.write(`Logged in to ${url} as ${user.username}${user.companyName ? ` (${user.companyName})` : ''}; saved in ${file}.\n`);
    },
  },
];
