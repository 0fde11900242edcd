import type { AppRouter } from '@kubemarket/api';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { TicketCategory } from './ticket-categories';

type Outputs = inferRouterOutputs<AppRouter>['tickets'];
type Inputs = inferRouterInputs<AppRouter>['tickets'];

export { isTicketCategory, TICKET_CATEGORIES, type TicketCategory } from './ticket-categories';

export type TicketOptions = Outputs['options'];
export type TicketDetail = Outputs['get'];
export type TicketSummary = Outputs['list']['items'][number];
export type TicketMessage = TicketDetail['messages'][number];
export type TicketAttachment = TicketMessage['attachments'][number];
export type TicketSla = TicketSummary['sla'];
export type PublicTicket = Outputs['track'];
export type StaffTicket = Outputs['staffGet'];
export type StaffTicketSummary = Outputs['staffQueue']['items'][number];
export type StaffMessage = StaffTicket['messages'][number];

export type TicketSeverity = TicketSummary['severity'];
export type TicketStatus = TicketSummary['status'];
export type StaffReplyStatus = NonNullable<Inputs['staffReply']['status']>;

// Mirrors of packages/db's ticket enums: the web bundle does not import the database package.
export const TICKET_SEVERITIES = ['P1', 'P2', 'P3', 'P4'] as const satisfies readonly TicketSeverity[];
export const TICKET_STATUSES = ['open', 'awaiting_customer', 'awaiting_support', 'resolved', 'closed'] as const satisfies readonly TicketStatus[];

export const CATEGORY_LABELS: Record<TicketCategory, string> = {
  technical: 'Technical',
  billing: 'Billing',
  account: 'Account',
  incident: 'Incident',
};

export const SEVERITY_LABELS: Record<TicketSeverity, string> = {
  P1: 'P1 — Critical: production is down or data is at risk',
  P2: 'P2 — High: production is degraded, no workaround',
  P3: 'P3 — Normal: a workaround exists',
  P4: 'P4 — Low: question, advice or request',
};

// Light badges: the theme darkens their text to shade 9, which keeps 4.5:1 on the tint except for yellow, orange, green and teal (WCAG 1.4.3).
export const SEVERITY_COLORS: Record<TicketSeverity, string> = { P1: 'red', P2: 'pink', P3: 'blue', P4: 'gray' };

export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  awaiting_customer: 'Awaiting customer',
  awaiting_support: 'Awaiting support',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const STATUS_COLORS: Record<TicketStatus, string> = {
  open: 'blue',
  awaiting_customer: 'grape',
  awaiting_support: 'violet',
  resolved: 'indigo',
  closed: 'gray',
};
