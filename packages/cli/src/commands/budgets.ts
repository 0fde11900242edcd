import type { Paths } from '@kubemarket/sdk';
import { euros, OUTPUT_OPTION, print, required, UsageError, type Column, type Command } from '../kit.ts';
import { resolveCluster } from './clusters.ts';

type Budget = Paths['/api/budgets']['get']['responses'][200]['content']['application/json']['budgets'][number];
type BudgetInput = NonNullable<Paths['/api/budgets']['post']['requestBody']>['content']['application/json'];

const COLUMNS: Array<Column<Budget>> = [
  ['id', (b) => b.id],
  ['name', (b) => b.name],
  ['watches', (b) => b.target],
  ['amount', (b) => euros(b.amountCents)],
  ['actual', (b) => `${euros(b.actualCents)} (${b.actualPercent} %)`],
  ['forecast', (b) => `${euros(b.forecastCents)} (${b.forecastPercent} %)`],
  ['alerts', (b) => b.alerts.map((alert) => `${alert.basis} ${alert.thresholdPercent} %`).join(', ') || '-'],
];

/** "50,80,100" as the API takes it. */
function thresholdsOf(value: string | boolean | string[] | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const numbers = String(value)
    .split(',')
    .map((part) => Number(part.trim()));
  if (numbers.some((number) => !Number.isInteger(number))) throw new UsageError('--thresholds takes whole percents separated by commas, e.g. 50,80,100.');
  return numbers;
}

export const budgetCommands: Command[] = [
  {
    name: 'budgets list',
    summary: "your organisation's monthly budgets, with this month's spend, forecast and alerts",
    usage: '',
    options: { output: OUTPUT_OPTION },
    async run(context) {
      const { budgets } = await context.client().GET('/api/budgets');
      print(context, budgets, budgets, COLUMNS);
    },
  },
  {
    name: 'budgets create',
    summary: 'set a monthly budget (alerts at 50, 80 and 100 % unless --thresholds)',
    usage: '--name <text> --amount <euros> [--cluster <cluster> | --tier <tier id> | --label <key=value>] [--thresholds <50,80,100>]',
    options: {
      name: { type: 'string', description: 'What people will read in the alerts.' },
      amount: { type: 'string', description: 'Euros a month, VAT excluded (e.g. 1500 or 1499.99).' },
      cluster: { type: 'string', description: 'Watch one cluster (name or id).' },
      tier: { type: 'string', description: 'Watch every cluster of a tier (its id, e.g. tier_standard).' },
      label: { type: 'string', description: 'Watch the clusters whose node pools carry this label (key=value).' },
      thresholds: { type: 'string', description: 'Percents of the amount that alert, checked against spend so far and the forecast.' },
      output: OUTPUT_OPTION,
    },
    details: 'Without --cluster, --tier or --label, the budget watches the whole organisation.',
    async run(context) {
      const client = context.client();
      const { values } = context;
      const targets = ['cluster', 'tier', 'label'].filter((name) => typeof values[name] === 'string');
      if (targets.length > 1) throw new UsageError('Give at most one of --cluster, --tier and --label.');
      const amount = Number(required(values, 'amount'));
      if (!Number.isFinite(amount)) throw new UsageError('--amount is in euros, e.g. 1500 or 1499.99.');
      const thresholds = thresholdsOf(values.thresholds);
      const body: BudgetInput = { name: required(values, 'name'), scope: 'organization', amountCents: Math.round(amount * 100), ...(thresholds ? { thresholds } : {}) };
      if (typeof values.cluster === 'string') Object.assign(body, { scope: 'cluster', clusterId: (await resolveCluster(client, values.cluster)).id });
      if (typeof values.tier === 'string') Object.assign(body, { scope: 'tier', tierId: values.tier });
      if (typeof values.label === 'string') Object.assign(body, { scope: 'label', label: values.label });
      const budget = await client.POST('/api/budgets', { body });
      print(context, budget, [budget], COLUMNS);
    },
  },
  {
    name: 'budgets delete',
    summary: 'delete a budget and its alerts',
    usage: '<budget id>',
    positionals: [1, 1],
    async run(context) {
      await context.client().DELETE('/api/budgets/{id}', { params: { path: { id: context.positionals[0]! } } });
      context.out.write(`Budget ${context.positionals[0]!} deleted.\n`);
    },
  },
];
