import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { listAll, type ItemOf, type KubeMarketClient, type ListPath, type Paths } from '@kubemarket/sdk';
import { stringify } from 'yaml';

/** What a command gets: its parsed flags and positionals, the client, and where to write. */
export interface Context {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  /** The API client, made from the credentials on first use (login needs none). */
  client(): KubeMarketClient;
  out: NodeJS.WritableStream;
  err: NodeJS.WriteStream;
}

export interface Command {
  /** e.g. "clusters list" */
  name: string;
  summary: string;
  /** The arguments after the name, e.g. "<cluster> --nodes <n>". */
  usage: string;
  /** Each flag: its parseArgs shape and what it does. */
  options?: Record<string, ParseArgsOptionsConfig[string] & { description: string }>;
  /** Lines after the options: examples, notes. */
  details?: string;
  /** How many positionals it takes, at least and at most. */
  positionals?: [number, number];
  run(context: Context): Promise<void>;
}

/** A mistake in the command line: exit code 1 with the command's usage. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const OUTPUT_OPTION = { type: 'string', short: 'o', default: 'table', description: 'Output: table (aligned columns), json or yaml.' } as const;

export function parseCommand(command: Command, argv: string[]): { values: Context['values']; positionals: string[] } {
  const options = Object.fromEntries(Object.entries(command.options ?? {}).map(([name, { description: _description, ...spec }]) => [name, spec]));
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, '.'));
  }
  const [min, max] = command.positionals ?? [0, 0];
  if (parsed.positionals.length < min) throw new UsageError(`kubemarket ${command.name} needs ${command.usage.split(' ').filter((word) => word.startsWith('<')).slice(parsed.positionals.length).join(' ') || 'more arguments'}.`);
  if (parsed.positionals.length > max) throw new UsageError(`kubemarket ${command.name} takes ${max || 'no'} argument${max === 1 ? '' : 's'}: "${parsed.positionals.slice(max).join(' ')}" is too much.`);
  return { values: parsed.values as Context['values'], positionals: parsed.positionals };
}

export function helpOf(command: Command): string {
  const options = Object.entries({ ...command.options, help: { type: 'boolean', short: 'h', description: 'This help.' } }).map(([name, spec]) => {
    const flag = `${'short' in spec && spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.type === 'string' ? ' <value>' : ''}`;
    return [flag, `${spec.description}${'default' in spec && spec.default !== undefined && spec.type === 'string' ? ` (default: ${String(spec.default)})` : ''}`];
  });
  const width = Math.max(...options.map(([flag]) => flag!.length));
  return [
    `kubemarket ${command.name}: ${command.summary}`,
    '',
    `Usage: kubemarket ${command.name}${command.usage ? ` ${command.usage}` : ''}`,
    '',
    'Options:',
    ...options.map(([flag, description]) => `  ${flag!.padEnd(width)}  ${description}`),
    ...(command.details ? ['', command.details] : []),
    '',
  ].join('\n');
}

export const required = (values: Context['values'], name: string): string => {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required.`);
  return value;
};

export function integer(values: Context['values'], name: string, fallback?: number): number {
  const value = values[name];
  if (value === undefined && fallback !== undefined) return fallback;
  const number = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(number)) throw new UsageError(`--${name} must be a whole number.`);
  return number;
}

/** A column of a table: its heading and how to read it from a row. */
export type Column<Row> = [heading: string, read: (row: Row) => unknown];

const cell = (value: unknown): string => {
  const text = Array.isArray(value) ? value.join(',') : value === null || value === undefined ? '' : String(value);
  return text === '' ? '-' : text;
};

/** Rows as aligned columns (two spaces between), headings in capitals as kubectl prints them. */
export function table<Row>(rows: readonly Row[], columns: ReadonlyArray<Column<Row>>): string {
  const cells = [columns.map(([heading]) => heading.toUpperCase()), ...rows.map((row) => columns.map(([, read]) => cell(read(row))))];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index]!.length)));
  return `${cells.map((line) => line.map((text, index) => (index === line.length - 1 ? text : text.padEnd(widths[index]!))).join('  ')).join('\n')}\n`;
}

/** Writes a record or a list in the format of `-o`: table (the columns given), json or yaml (the whole answer). */
export function print<Row>(context: Context, data: unknown, rows: readonly Row[], columns: ReadonlyArray<Column<Row>>): void {
  const format = context.values.output ?? 'table';
  if (format === 'json') context.out.write(`${JSON.stringify(data, null, 2)}\n`);
  else if (format === 'yaml') context.out.write(stringify(data));
  else if (format === 'table') context.out.write(table(rows, columns));
  else throw new UsageError(`-o ${String(format)}: choose table, json or yaml.`);
}

/** `<things> list [--status <status>]`: every item of a list path, of one status if given, in the columns given. */
export function listByStatusCommand<P extends ListPath>(spec: { name: string; summary: string; statuses: string; path: P; columns: ReadonlyArray<Column<ItemOf<P>>> }): Command {
  return {
    name: spec.name,
    summary: spec.summary,
    usage: '[--status <status>]',
    options: { status: { type: 'string', description: spec.statuses }, output: OUTPUT_OPTION },
    async run(context) {
      const status = context.values.status;
      // One status filter on any of these paths: the shape listAll cannot see through a generic path.
      const list = listAll as unknown as (client: KubeMarketClient, path: P, options: { query: { status?: unknown } }) => Promise<Array<ItemOf<P>>>;
      const items = await list(context.client(), spec.path, { query: status ? { status } : {} });
      print(context, items, items, spec.columns);
    },
  };
}

/** A record as two columns, field and value, for `get` in table form. */
export const fieldRows = (pairs: Array<[string, unknown]>) => pairs.map(([field, value]) => ({ field, value }));
export const FIELD_COLUMNS: Array<Column<{ field: string; value: unknown }>> = [['field', (row) => row.field], ['value', (row) => row.value]];

/** The paths that GET one record by its id, and the record each answers. */
type RecordPath = { [P in keyof Paths]: Paths[P] extends { get: { parameters: { path: { id: string } } } } ? P : never }[keyof Paths];
type RecordOf<P extends RecordPath> = Paths[P]['get'] extends { responses: { 200: { content: { 'application/json': infer Json } } } } ? Json : never;

/** `<thing> get <id>`: one record of a path by its id, in table form as the field rows `rows` reads of it. */
export function getByIdCommand<P extends RecordPath>(spec: { name: string; summary: string; usage: string; path: P; rows: (record: RecordOf<P>) => Array<{ field: string; value: unknown }> }): Command {
  return {
    name: spec.name,
    summary: spec.summary,
    usage: spec.usage,
    positionals: [1, 1],
    options: { output: OUTPUT_OPTION },
    async run(context) {
      // Every one of these paths takes its id alike: the shape GET cannot see through a generic path.
      const get = context.client().GET as unknown as (path: P, init: { params: { path: { id: string } } }) => Promise<RecordOf<P>>;
      const record = await get(spec.path, { params: { path: { id: context.positionals[0]! } } });
      print(context, record, spec.rows(record), FIELD_COLUMNS);
    },
  };
}

export const euros = (cents: number | null | undefined): string => (typeof cents === 'number' ? `€${(cents / 100).toFixed(2)}` : '-');
export const date = (ms: number | null | undefined): string => (typeof ms === 'number' ? new Date(ms).toISOString().slice(0, 16).replace('T', ' ') : '-');
