#!/usr/bin/env node
// kubemarket: the KubeMarket command line (ADR 35), on @kubemarket/sdk. Runs on Node 24 as the
// TypeScript it is written in (Node strips the types; erasable syntax only, imports with .ts).
import { createClient, KubeMarketApiError, KubeMarketNetworkError, KubeMarketStateError, KubeMarketTimeoutError, type KubeMarketClient } from '@kubemarket/sdk';
import { billingCommands } from './commands/billing.ts';
import { budgetCommands } from './commands/budgets.ts';
import { clusterCommands } from './commands/clusters.ts';
import { kubeCommands } from './commands/kube.ts';
import { loginCommands } from './commands/login.ts';
import { ticketCommands } from './commands/tickets.ts';
import { credentials } from './config.ts';
import { helpOf, parseCommand, UsageError, type Command } from './kit.ts';
import { USER_AGENT, VERSION } from './version.ts';

/** Exit codes, as `kubemarket --help` and docs/adr/0035-sdk-and-cli.md list them. */
export const EXIT = { ok: 0, usage: 1, apiRefused: 2, serverOrNetwork: 3, timeout: 4, failed: 5 } as const;

export const COMMANDS: Command[] = [...clusterCommands, ...billingCommands, ...budgetCommands, ...ticketCommands, ...kubeCommands, ...loginCommands];

const HELP = `kubemarket ${VERSION}: the KubeMarket console from the command line.

Usage: kubemarket <command> [options]      kubemarket <command> --help

Commands:
${(() => {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n');
})()}

Credentials: KUBEMARKET_URL and KUBEMARKET_TOKEN (an API token from Settings → API tokens), or what
\`kubemarket login\` saved. Output: -o table (default), json or yaml.

Exit codes:
  0  done
  1  usage: a wrong command, option or argument, or no credentials
  2  the API refused the request (4xx): the message, code and request id are on stderr
  3  the API failed (5xx) or could not be reached
  4  --wait gave up at its timeout
  5  what --wait followed ended failed (a provisioning that failed, a cancelled order)
`;

/** The command whose name starts the arguments (`clusters list`, `kubeconfig`), and the rest. */
function findCommand(argv: string[]): { command: Command; rest: string[] } | null {
  for (const words of [2, 1]) {
    const command = COMMANDS.find((candidate) => candidate.name === argv.slice(0, words).join(' '));
    if (command) return { command, rest: argv.slice(words) };
  }
  return null;
}

function describe(error: unknown): { code: number; text: string } {
  if (error instanceof UsageError) return { code: EXIT.usage, text: `Error: ${error.message}` };
  if (error instanceof KubeMarketApiError) {
    const fields = error.fields.map((field) => `\n  ${field.path}: ${field.message}`).join('');
    return { code: error.isServerError ? EXIT.serverOrNetwork : EXIT.apiRefused, text: `Error: ${error.message} (HTTP ${error.status}, code ${error.code}, request id ${error.requestId ?? 'none'})${fields}` };
  }
  if (error instanceof KubeMarketNetworkError) return { code: EXIT.serverOrNetwork, text: `Error: the API could not be reached: ${error.message}` };
  if (error instanceof KubeMarketTimeoutError) return { code: EXIT.timeout, text: `Error: ${error.message}` };
  if (error instanceof KubeMarketStateError) return { code: EXIT.failed, text: `Error: ${error.message}` };
  return { code: EXIT.serverOrNetwork, text: `Error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` };
}

export async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    process.stdout.write(HELP);
    return argv.length === 0 ? EXIT.usage : EXIT.ok;
  }
  if (argv[0] === '--version') {
    process.stdout.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  const found = findCommand(argv);
  if (!found) {
    const group = COMMANDS.filter((command) => command.name.startsWith(`${argv[0]} `));
    process.stderr.write(group.length ? `kubemarket ${argv[0]}: ${group.map((command) => command.name.split(' ')[1]).join(', ')} (kubemarket ${argv[0]} <command> --help)\n` : `Error: unknown command "${argv[0]}".\n\n${HELP}`);
    return EXIT.usage;
  }
  const { command, rest } = found;
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(helpOf(command));
    return EXIT.ok;
  }
  let client: KubeMarketClient | null = null;
  try {
    const { values, positionals } = parseCommand(command, rest);
    await command.run({
      values,
      positionals,
      client: () => {
        if (!client) {
          const { url, token } = credentials();
          client = createClient({ baseUrl: url, token, userAgent: USER_AGENT });
        }
        return client;
      },
      out: process.stdout,
      err: process.stderr,
    });
    return EXIT.ok;
  } catch (error) {
    const { code, text } = describe(error);
    process.stderr.write(`${text}\n${code === EXIT.usage ? `Usage: kubemarket ${command.name} ${command.usage}   (--help for more)\n` : ''}`);
    return code;
  }
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
