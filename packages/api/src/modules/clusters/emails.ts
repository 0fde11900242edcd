import type { ClusterOperationType } from '@kubemarket/db';
import { PRODUCT_NAME } from '@kubemarket/shared';
import { plainMail } from '../../platform/emails';

/* The mail of clusters: a new cluster ready or failed, and any other operation that failed. */

export interface OperationEndedFacts {
  to: string;
  name: string;
  clusterName: string;
  /** The cluster's page. */
  url: string;
  type: ClusterOperationType;
  status: 'succeeded' | 'failed';
  reason: string | null;
  /** A deletion that kept resources: ", but for the resource you kept, listed on the billing page" (issue 34); else empty. */
  stillBilled?: string;
}

export const clusterEmails = {
  operationEnded: (facts: OperationEndedFacts) => {
    if (facts.type === 'provision' && facts.status === 'succeeded') {
      return plainMail(facts.to, `Your cluster ${facts.clusterName} is ready — ${PRODUCT_NAME}`, [
        `Hello ${facts.name}, your cluster ${facts.clusterName} is running.`,
        `Download a kubeconfig from its page to connect with kubectl: ${facts.url}`,
      ]);
    }
    if (facts.type === 'delete' && facts.status === 'succeeded') {
      return plainMail(facts.to, `Cluster ${facts.clusterName} deleted — ${PRODUCT_NAME}`, [
        `Hello ${facts.name}, the cluster ${facts.clusterName} was deleted and billing for it has stopped${facts.stillBilled ?? ''}.`,
      ]);
    }
    const what = facts.type === 'provision' ? `Provisioning of your cluster ${facts.clusterName}` : `An operation on your cluster ${facts.clusterName}`;
    return plainMail(facts.to, `${facts.type === 'provision' ? 'Provisioning failed' : 'Cluster operation failed'}: ${facts.clusterName} — ${PRODUCT_NAME}`, [
      `Hello ${facts.name}, ${what.charAt(0).toLowerCase()}${what.slice(1)} failed: ${facts.reason ?? 'the provider gave no reason.'}`,
      `From the cluster's page you can retry it or contact our support team, who already see what happened: ${facts.url}`,
    ]);
  },
};
