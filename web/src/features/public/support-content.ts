/** Support levels and response-time targets published on the support pages. */
export const SUPPORT_PLANS = ['Basic', 'Business', 'Enterprise'] as const;

export const RESPONSE_TIMES: ReadonlyArray<{ severity: string; definition: string; times: readonly [string, string, string] }> = [
  { severity: 'Critical', definition: 'Production is down or data is at risk.', times: ['4 business hours', '1 hour, 24/7', '15 minutes, 24/7'] },
  { severity: 'High', definition: 'Production is degraded; no workaround.', times: ['8 business hours', '4 hours, 24/7', '1 hour, 24/7'] },
  { severity: 'Normal', definition: 'A feature does not work as expected; a workaround exists.', times: ['2 business days', '1 business day', '4 business hours'] },
  { severity: 'Low', definition: 'Question, advice or feature request.', times: ['5 business days', '2 business days', '1 business day'] },
];

export const PLAN_FEATURES: ReadonlyArray<{ feature: string; values: readonly [string, string, string] }> = [
  { feature: 'Included with', values: ['Every cluster', 'Support plan order', 'Support plan order'] },
  { feature: 'Channels', values: ['Tickets, email', 'Tickets, email, phone for critical incidents', 'Tickets, email, phone, shared chat channel'] },
  { feature: 'Hours', values: ['Mon–Fri, 9:00–18:00 CET', '24/7 for critical and high', '24/7 for every severity above low'] },
  { feature: 'Architecture reviews', values: ['—', 'Once a year', 'Every quarter'] },
  { feature: 'Named technical account manager', values: ['—', '—', 'Yes'] },
];

/** Business hours are those of Paris, on French working days. */
export const BUSINESS_HOURS = 'Business hours are 9:00–18:00 Central European Time, Monday to Friday, except French public holidays.';
