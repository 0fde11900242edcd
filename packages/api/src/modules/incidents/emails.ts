import { PRODUCT_NAME } from '@kubemarket/shared';
import { plainMail } from '../../platform/emails';

/* Mail to organisation owners about a platform incident that touches their clusters. */

export interface IncidentMailFacts {
  to: string;
  name: string;
  title: string;
  /** E.g. "Major outage". */
  impact: string;
  regions: string[];
  message: string;
  /** The console page showing active incidents. */
  url: string;
}

export const incidentEmails = {
  declared: (facts: IncidentMailFacts) =>
    plainMail(facts.to, `Incident: ${facts.title} — ${PRODUCT_NAME}`, [
      `Hello ${facts.name}, we are handling an incident that may affect your clusters in ${facts.regions.join(', ')}: ${facts.title} (${facts.impact.toLowerCase()}).`,
      `Latest update:\n${facts.message}`,
      `Follow the incident in the console: ${facts.url}`,
    ]),
  resolved: (facts: IncidentMailFacts) =>
    plainMail(facts.to, `Resolved: ${facts.title} — ${PRODUCT_NAME}`, [
      `Hello ${facts.name}, the incident affecting ${facts.regions.join(', ')} is resolved: ${facts.title}.`,
      facts.message,
      `Details in the console: ${facts.url}`,
    ]),
};
