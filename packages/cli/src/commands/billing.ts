import { writeFileSync } from 'node:fs';
import type { ItemOf } from '@kubemarket/sdk';
import { date, euros, fieldRows, getByIdCommand, listByStatusCommand, type Column, type Command } from '../kit.ts';

type OrderItem = ItemOf<'/api/orders'>;
type InvoiceItem = ItemOf<'/api/billing/invoices'>;

const ORDER_COLUMNS: Array<Column<OrderItem>> = [
  ['id', (o) => o.id],
  ['kind', (o) => o.kind],
  ['status', (o) => o.status],
  ['summary', (o) => o.summary],
  ['total', (o) => euros(o.totalCents)],
  ['cluster', (o) => o.createdClusterId ?? o.targetClusterId],
  ['created', (o) => date(o.createdAt)],
];

const INVOICE_COLUMNS: Array<Column<InvoiceItem>> = [
  ['id', (i) => i.id],
  ['number', (i) => i.number],
  ['kind', (i) => i.kind],
  ['status', (i) => i.status],
  ['total', (i) => euros(i.totalCents)],
  ['period', (i) => `${date(i.periodStart).slice(0, 10)} – ${date(i.periodEnd).slice(0, 10)}`],
];

export const billingCommands: Command[] = [
  listByStatusCommand({ name: 'orders list', summary: "your organisation's orders, newest first", statuses: 'pending, paid, provisioning, completed, cancelled or failed.', path: '/api/orders', columns: ORDER_COLUMNS }),
  getByIdCommand({
    name: 'orders get',
    summary: 'one order with its lines and payments',
    usage: '<order>',
    path: '/api/orders/{id}',
    rows: (order) =>
      fieldRows([
        ['id', order.id],
        ['status', order.status],
        ['summary', order.summary],
        ['total', `${euros(order.totalCents)} (VAT ${euros(order.taxCents)})`],
        ['payment', order.paymentMethod],
        ['cluster', order.createdClusterId ?? order.targetClusterId],
        ['failure', order.failureReason],
        ['created', date(order.createdAt)],
        ['paid', date(order.paidAt)],
      ]),
  }),
  listByStatusCommand({ name: 'invoices list', summary: 'invoices and credit notes, newest first', statuses: 'due, paid, overdue or void.', path: '/api/billing/invoices', columns: INVOICE_COLUMNS }),
  {
    name: 'invoices download',
    summary: "save an invoice's PDF",
    usage: '<invoice> [-f <file>]',
    positionals: [1, 1],
    options: { file: { type: 'string', short: 'f', description: 'Where to save it (default: <number>.pdf here; - for stdout).' } },
    async run(context) {
      const client = context.client();
      const id = context.positionals[0]!;
      const pdf = new Uint8Array(await client.GET('/api/billing/invoices/{id}/pdf', { params: { path: { id } }, parseAs: 'arrayBuffer' }));
      if (context.values.file === '-') {
        context.out.write(pdf);
        return;
      }
      const file = typeof context.values.file === 'string' ? context.values.file : `${(await client.GET('/api/billing/invoices/{id}', { params: { path: { id } } })).number}.pdf`;
      writeFileSync(file, pdf);
      context.err.write(`Saved ${file} (${pdf.byteLength.toLocaleString('en')} bytes)\n`);
    },
  },
];
