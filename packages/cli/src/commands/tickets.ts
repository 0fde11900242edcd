import type { ItemOf } from '@kubemarket/sdk';
import { date, FIELD_COLUMNS, fieldRows, getByIdCommand, listByStatusCommand, OUTPUT_OPTION, print, required, type Column, type Command } from '../kit.ts';
import { resolveCluster } from './clusters.ts';

type TicketItem = ItemOf<'/api/tickets'>;
type Ticket = TicketItem & { description?: string };

const COLUMNS: Array<Column<TicketItem>> = [
  ['id', (t) => t.id],
  ['reference', (t) => t.reference],
  ['severity', (t) => t.severity],
  ['status', (t) => t.status],
  ['subject', (t) => t.subject],
  ['cluster', (t) => t.cluster?.name],
  ['updated', (t) => date(t.updatedAt)],
];

const ticketRows = (ticket: Ticket) =>
  fieldRows([
    ['id', ticket.id],
    ['reference', ticket.reference],
    ['subject', ticket.subject],
    ['category', ticket.category],
    ['severity', ticket.severity],
    ['status', ticket.status],
    ['cluster', ticket.cluster?.name],
    ['assignee', ticket.assigneeName],
    ['created', date(ticket.createdAt)],
    ['description', ticket.description],
  ]);

export const ticketCommands: Command[] = [
  listByStatusCommand({ name: 'tickets list', summary: "your organisation's support tickets", statuses: 'open, awaiting_customer, awaiting_support, resolved or closed.', path: '/api/tickets', columns: COLUMNS }),
  getByIdCommand({ name: 'tickets get', summary: 'one ticket with its description', usage: '<ticket>', path: '/api/tickets/{id}', rows: ticketRows }),
  {
    name: 'tickets create',
    summary: 'open a support ticket',
    usage: '--subject <text> --description <text> [--category <c>] [--severity <P1-P4>] [--cluster <cluster>]',
    options: {
      subject: { type: 'string', description: 'A line saying what is wrong (3 to 200 characters).' },
      description: { type: 'string', description: 'What happened, what you expected (Markdown, at least 10 characters).' },
      category: { type: 'string', default: 'technical', description: 'technical, billing, account or incident.' },
      severity: { type: 'string', default: 'P3', description: 'P1 (production down) to P4 (a question).' },
      cluster: { type: 'string', description: 'The cluster it is about (name or id).' },
      output: OUTPUT_OPTION,
    },
    async run(context) {
      const client = context.client();
      const { values } = context;
      const clusterId = typeof values.cluster === 'string' ? (await resolveCluster(client, values.cluster)).id : undefined;
      const ticket = await client.POST('/api/tickets', {
        body: {
          subject: required(values, 'subject'),
          description: required(values, 'description'),
          category: values.category as TicketItem['category'],
          severity: values.severity as TicketItem['severity'],
          ...(clusterId ? { clusterId } : {}),
        },
      });
      print(context, ticket, ticketRows(ticket as Ticket), FIELD_COLUMNS);
    },
  },
];
