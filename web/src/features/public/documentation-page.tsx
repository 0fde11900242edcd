import { Anchor, Box, Code, Grid, List, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../components/router-links';
import { withInlineCode } from './inline-code';
import { PublicPage } from './public-page';

interface DocSection {
  id: string;
  title: string;
  body: ReactNode;
}

function P({ children }: { children: string }) {
  return <Text lh={1.7}>{withInlineCode(children)}</Text>;
}

function Items({ items }: { items: readonly string[] }) {
  return (
    <List spacing={6} lh={1.6}>
      {items.map((item) => (
        <List.Item key={item}>{withInlineCode(item)}</List.Item>
      ))}
    </List>
  );
}

function Snippet({ children }: { children: string }) {
  return (
    <Code block style={{ whiteSpace: 'pre', overflowX: 'auto' }}>
      {children}
    </Code>
  );
}

const SECTIONS: readonly DocSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    body: (
      <>
        <P>KubeMarket gives your organisation managed Kubernetes clusters in EU data centres. You order a cluster from a tier, choose its region, and we run the control plane, the nodes and the platform add-ons for you.</P>
        <List type="ordered" spacing={6} lh={1.6}>
          <List.Item>Create an account. The first user of a company creates its organisation and receives a billing ID.</List.Item>
          <List.Item>Verify your email address, and enable two-step verification in Settings.</List.Item>
          <List.Item>Open Configure New Cluster, pick a tier, a region, a Kubernetes version and optional add-ons, then pay.</List.Item>
          <List.Item>Follow provisioning live. After five to ten minutes the cluster is Running and its kubeconfig can be downloaded.</List.Item>
        </List>
        <Text lh={1.7}>
          New to Kubernetes? Start with the tutorial <AnchorLink to="/tutorials/$slug" params={{ slug: 'deploy-your-first-application' }}>Deploy your first application with HTTPS</AnchorLink>.
        </Text>
      </>
    ),
  },
  {
    id: 'tiers-and-regions',
    title: 'Tiers and regions',
    body: (
      <>
        <P>A tier fixes the size and number of nodes of the default node pool, the control-plane setup and the SLA. Current tiers and prices are on the pricing page; each tier also has a detail page under Cluster types.</P>
        <P>A region is one data centre, named by a code such as `fr-par-1`. The region of a cluster cannot change after it is created: data stored in it stays in that region. The list of regions and their certifications is on the data centres page.</P>
        <Text lh={1.7}>
          <AnchorLink to="/pricing">Pricing</AnchorLink> · <AnchorLink to="/data-centers">Data centres</AnchorLink>
        </Text>
      </>
    ),
  },
  {
    id: 'access',
    title: 'Access and authentication',
    body: (
      <>
        <P>Every cluster has an administrator kubeconfig, downloaded from its page in the console. It contains a client certificate valid 30 days; download a new one when it expires or after rotating credentials.</P>
        <Snippet>{'export KUBECONFIG=./my-cluster.kubeconfig.yaml\nkubectl get nodes\nkubectl auth can-i --list'}</Snippet>
        <P>For teams, create Kubernetes RBAC roles and bind them to users of your identity provider with OIDC, configured in the cluster settings. Restrict access to the Kubernetes API to your IP ranges with the API allow-list.</P>
        <P>Scripts and CI pipelines call the KubeMarket REST API with API tokens created in Settings. A token acts on behalf of its user and can be revoked at any time.</P>
      </>
    ),
  },
  {
    id: 'networking',
    title: 'Networking',
    body: (
      <>
        <P>Clusters use Cilium for pod networking and network policies. Pods get addresses from `10.244.0.0/16`, services from `10.96.0.0/12`; both ranges can be changed when the cluster is created, to avoid overlaps with your own networks.</P>
        <Items
          items={[
            'A Service of type `LoadBalancer` gets a public IPv4 address in about a minute.',
            'The managed ingress-nginx controller is installed in the `ingress-nginx` namespace, with cert-manager for TLS certificates.',
            'Private networks connect clusters of the same organisation in one region without leaving our backbone.',
            'Outbound traffic leaves from fixed egress IPs per cluster, so partners can allow-list you.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'storage',
    title: 'Storage',
    body: (
      <>
        <Table withTableBorder fz="sm" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Storage class</Table.Th>
              <Table.Th>Use it for</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td ff="monospace">km-block-ssd (default)</Table.Td>
              <Table.Td>General-purpose encrypted block volumes, replicated three times in the region.</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td ff="monospace">km-block-nvme</Table.Td>
              <Table.Td>Databases and queues that need low latency; available on Data Analytics and AI/ML tiers.</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td ff="monospace">km-local-nvme</Table.Td>
              <Table.Td>Node-local disks for data services that replicate themselves, such as Kafka or ClickHouse.</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <P>Volumes can be expanded online by editing the size of the PersistentVolumeClaim. CSI snapshots are supported through the `km-snapshots` VolumeSnapshotClass.</P>
      </>
    ),
  },
  {
    id: 'upgrades',
    title: 'Upgrades and maintenance',
    body: (
      <>
        <P>We support the three most recent minor versions of Kubernetes. Patch releases are applied automatically in the maintenance window of each cluster (by default Tuesday 02:00–06:00 in the region's time zone).</P>
        <P>Minor upgrades are announced 30 days ahead by email and in your notifications. You can run them earlier from the console or postpone them once by up to 60 days. Nodes are replaced one at a time: run at least two replicas and define PodDisruptionBudgets to keep services available.</P>
      </>
    ),
  },
  {
    id: 'add-ons',
    title: 'Add-ons and middlewares',
    body: (
      <>
        <P>The marketplace installs and maintains open-source software on your clusters: observability stacks, database operators, message brokers, service meshes and more. Add-ons are upgraded with the cluster; middlewares are billed monthly per instance.</P>
        <P>Every cluster includes ingress-nginx, cert-manager, metrics-server and the CSI drivers at no extra cost.</P>
      </>
    ),
  },
  {
    id: 'billing',
    title: 'Billing and usage',
    body: (
      <>
        <P>Prices are in euros, excluding VAT. Clusters are billed monthly or yearly from the moment they are Running; usage beyond what a tier includes (extra traffic, snapshots) is billed monthly in arrears. The Billing page of the console shows invoices, payment methods and credits; the Usage page shows consumption per cluster.</P>
        <P>The site can display prices in USD, GBP or CNY. These are converted from EUR at the current exchange rate and are for information only.</P>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security and compliance',
    body: (
      <>
        <Items
          items={[
            'Hosting exclusively in the EU, by an EU company: no extra-EU law can compel access to your data.',
            'GDPR: we are your processor under the data processing agreement of our terms.',
            'HDS certification for health data on the Enterprise tier, ISO 27001 for every region.',
            'Volumes, backups and etcd are encrypted at rest; all API traffic uses TLS 1.2 or later.',
            'Audit logs of the Kubernetes API can be streamed to your SIEM on the Enterprise tier.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'api',
    title: 'API',
    body: (
      <>
        <P>Everything the console does is available through the REST API under `/api`, authenticated with the session cookie in the browser or an API token in scripts. Browser requests that change state carry the `X-CSRF-Token` header.</P>
        <Snippet>{'curl -H "Authorization: Bearer $KUBEMARKET_TOKEN" \\\n  https://kubemarket.eu/api/cluster-tiers'}</Snippet>
        <Text lh={1.7}>
          The list of endpoints, payloads and responses is in the <AnchorLink to="/api-reference">API reference</AnchorLink>.
        </Text>
      </>
    ),
  },
];

export function DocumentationPage() {
  return (
    <PublicPage
      eyebrow="Tutoriels & Docs"
      title="Documentation"
      description="How KubeMarket clusters work, how to access and operate them, and what we take care of for you."
    >
      <Grid gap={{ base: 'xl', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          <Box component="nav" aria-label="Documentation sections" pos="sticky" top={84}>
            <Stack gap={6}>
              <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                On this page
              </Text>
              {SECTIONS.map((section) => (
                <Anchor key={section.id} href={`#${section.id}`} size="sm" c="dimmed">
                  {section.title}
                </Anchor>
              ))}
              <AnchorLink to="/tutorials" size="sm" mt="sm" fw={600}>
                Tutorials →
              </AnchorLink>
            </Stack>
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap={48}>
            {SECTIONS.map((section) => (
              <Stack key={section.id} component="section" id={section.id} gap="sm" style={{ scrollMarginTop: 80 }} aria-labelledby={`${section.id}-title`}>
                <Title order={2} id={`${section.id}-title`}>
                  {section.title}
                </Title>
                {section.body}
              </Stack>
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </PublicPage>
  );
}
