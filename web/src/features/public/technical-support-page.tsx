import { Grid, Stack, Text } from '@mantine/core';
import { LeadForm } from '../leads';
import { OpenTicketCallout } from '../support';
import { SEVERITIES } from './form-options';
import { PageSection, PublicPage } from './public-page';
import { QuestionList } from './question-list';

const AREAS = [
  { value: 'control-plane', label: 'Control plane and Kubernetes API' },
  { value: 'nodes', label: 'Nodes and node pools' },
  { value: 'networking', label: 'Networking, ingress and load balancers' },
  { value: 'storage', label: 'Storage and volumes' },
  { value: 'upgrades', label: 'Upgrades' },
  { value: 'addons', label: 'Add-ons and middlewares' },
  { value: 'access', label: 'Access, kubeconfig and API tokens' },
] as const;

const SELF_HELP = [
  {
    question: 'kubectl answers "Unable to connect to the server"',
    answer:
      'Download a fresh kubeconfig from the cluster page: credentials are rotated when a cluster is upgraded. If your cluster restricts API access to allowed IP ranges, check that your current address is in the list.',
  },
  {
    question: 'A pod stays in Pending',
    answer:
      'Run kubectl describe pod on it. "Insufficient cpu" or "Insufficient memory" means the node pool is full: enable autoscaling or add a node. "unbound immediate PersistentVolumeClaims" points to a storage class name that does not exist in the cluster.',
  },
  {
    question: 'A LoadBalancer service has no external IP',
    answer:
      'Public IPs are allocated in about a minute. If it takes longer, check the service events: a quota of public IPs per organisation applies, and a support ticket raises it.',
  },
  {
    question: 'An upgrade is scheduled at a bad time',
    answer:
      'Change the maintenance window in the cluster settings. Patch upgrades follow the window; minor upgrades are announced 30 days ahead and can be postponed once by up to 60 days.',
  },
];

export function TechnicalSupportPage() {
  return (
    <PublicPage
      eyebrow="Support"
      title="Technical support"
      description="Describe the problem and the cluster it affects. The more context you give, the faster an engineer can act."
    >
      <Grid gap={{ base: 'xl', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PageSection id="self-help" title="Quick answers">
            <QuestionList items={SELF_HELP} />
          </PageSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <OpenTicketCallout category="technical" text="A ticket about a cluster reaches the engineers on duty with its response-time target, and you follow every answer in the console." />
            <LeadForm
              kind="contact"
              title="Ask an engineer"
              submitLabel="Send to technical support"
              rules={{ message: 'required', company: 'required' }}
              messageLabel="What is happening?"
              messagePlaceholder="What you expected, what happened instead, since when, and what you already tried. Paste error messages as text."
              detailFields={[
                { name: 'area', label: 'Area', type: 'select', options: AREAS, required: true },
                { name: 'severity', label: 'Severity', type: 'select', options: SEVERITIES, required: true },
                { name: 'clusterId', label: 'Cluster name or ID', type: 'text', placeholder: 'clu_... or webshop-prod' },
              ]}
              fixedDetails={{ topic: 'technical-support' }}
              confirmation="An engineer will pick up your request within the response time of your support plan and reply by email."
            />
            <Text size="xs" c="dimmed">
              Never send passwords, tokens or kubeconfig files. If we need access, we will ask you to grant it from the
              console.
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </PublicPage>
  );
}
