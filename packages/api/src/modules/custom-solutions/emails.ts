import { CUSTOM_SOLUTION_REPLY_PROMISE, CUSTOM_SOLUTION_STATUS_LABELS, PRODUCT_NAME, type CustomSolutionStatus } from '@kubemarket/shared';
import { plainMail } from '../../platform/emails';

/* The mail of custom solution requests; it goes only to the requester's own address. */

export interface RequestMailFacts {
  to: string;
  name: string;
  subject: string;
  reference: string;
  /** The console page where the organisation's requests are listed. */
  url: string;
}

export const customSolutionEmails = {
  received: (facts: RequestMailFacts) =>
    plainMail(facts.to, `We received your custom solution request — ${PRODUCT_NAME}`, [
      `Hello ${facts.name}, thank you for telling us what you need: "${facts.subject}".`,
      `${CUSTOM_SOLUTION_REPLY_PROMISE} Everyone in your organisation can follow the request in the console: ${facts.url}`,
      `Your reference: ${facts.reference}.`,
    ]),
  updated: (facts: RequestMailFacts & { status: CustomSolutionStatus; statusChanged: boolean; response: string | null }) =>
    plainMail(
      facts.to,
      facts.statusChanged
        ? `Your custom solution request is now ${CUSTOM_SOLUTION_STATUS_LABELS[facts.status].toLowerCase()} — ${PRODUCT_NAME}`
        : `A reply to your custom solution request — ${PRODUCT_NAME}`,
      [
        facts.statusChanged
          ? `Hello ${facts.name}, your custom solution request "${facts.subject}" is now ${CUSTOM_SOLUTION_STATUS_LABELS[facts.status].toLowerCase()}.`
          : `Hello ${facts.name}, our solutions team answered your custom solution request "${facts.subject}".`,
        ...(facts.response ? [`Their response:\n${facts.response}`] : []),
        `Read the request in the console: ${facts.url}`,
        `Your reference: ${facts.reference}.`,
      ],
    ),
};
