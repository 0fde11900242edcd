import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { useDataCenters } from './data-centers-query';
import type { DataCenter } from './data-centers-query';
import { FactGrid, PageSection, PublicPage } from './public-page';

const STATUS: Record<DataCenter['status'], { label: string; color: string }> = {
  operational: { label: 'Operational', color: 'teal' },
  maintenance: { label: 'Maintenance', color: 'orange' },
  planned: { label: 'Planned', color: 'gray' },
};

const COMMON_FACILITIES = [
  { title: 'Tier III or better', text: 'Redundant power and cooling paths, so maintenance never requires an outage.' },
  { title: 'Physical security', text: 'Guarded 24/7, biometric access, video surveillance and access logs kept one year.' },
  { title: 'Renewable energy', text: 'Every site is supplied with certified renewable electricity and reports its PUE monthly.' },
  { title: 'EU staff only', text: 'Operations are run from within the EU by KubeMarket employees; no remote access from outside the EU.' },
];

export function DataCentersPage() {
  const dataCenters = useDataCenters();

  return (
    <PublicPage
      eyebrow="Infrastructure"
      title="Our data centres"
      description="Every region is in the European Union, certified, and operated by our own teams. Choose the region of each cluster when you order it; your data stays there."
    >
      {dataCenters.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" aria-busy="true" aria-label="Loading data centres">
          {Array.from({ length: 6 }, (_, index) => (
            <Card key={index} withBorder padding="lg">
              <Skeleton height={20} width="60%" mb="sm" />
              <Skeleton height={12} width="40%" mb="md" />
              <Skeleton height={20} />
            </Card>
          ))}
        </SimpleGrid>
      ) : dataCenters.error ? (
        <QueryErrorAlert title="Data centres could not be loaded" query={dataCenters} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {dataCenters.data.map((dataCenter) => (
            <DataCenterCard key={dataCenter.id} dataCenter={dataCenter} />
          ))}
        </SimpleGrid>
      )}

      <PageSection id="facilities" title="The same standards in every region">
        <FactGrid facts={COMMON_FACILITIES} columns={4} />
      </PageSection>
    </PublicPage>
  );
}

function DataCenterCard({ dataCenter }: { dataCenter: DataCenter }) {
  const status = STATUS[dataCenter.status];
  return (
    <Card withBorder radius="md" padding="lg" component="article" data-testid="data-center">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {dataCenter.name}
          </Title>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        </Group>
        <Group gap={6} c="dimmed">
          <IconMapPin size={16} stroke={1.6} />
          <Text size="sm">
            {dataCenter.city}, {dataCenter.country}
          </Text>
        </Group>
        <Text size="sm">
          Region code <Text span ff="monospace">{dataCenter.id}</Text> ·{' '}
          {dataCenter.status === 'planned' ? `opening ${dataCenter.openedYear}` : `since ${dataCenter.openedYear}`}
        </Text>
        <Group gap={6}>
          {dataCenter.certifications.map((certification) => (
            <Badge key={certification} variant="default" radius="sm" size="sm">
              {certification}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
