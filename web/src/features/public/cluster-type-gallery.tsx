import { Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CLUSTER_TYPES } from '@kubemarket/shared';
import type { ClusterType } from '@kubemarket/shared';
import { PriorityImage } from '../../components/priority-image';
import { AnchorLink } from '../../components/router-links';
import type { ImagePriority } from '../../lib/image-priority';
import { CLUSTER_TYPE_LABELS } from './cluster-type-labels';

/** Each cluster type's illustration, as drawn for its page (480 × 320). */
export const CLUSTER_TYPE_IMAGE = { width: 480, height: 320, src: (type: ClusterType) => `/images/cluster-types/${type}.svg` } as const;

interface ClusterTypeGalleryProps {
  title: string;
  /** The page's own type, left out. */
  exclude?: ClusterType;
  /** Far down the page: the low group by default. */
  priority?: ImagePriority;
}

/** The cluster types side by side, each a link to its page; the pictures only illustrate the names. */
export function ClusterTypeGallery({ title, exclude, priority = 'low' }: ClusterTypeGalleryProps) {
  const types = CLUSTER_TYPES.filter((type) => type !== exclude);
  return (
    <Stack component="section" gap="md" aria-labelledby="cluster-type-gallery-title" data-testid="cluster-type-gallery">
      <Title order={2} size="h3" id="cluster-type-gallery-title">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
        {types.map((type) => (
          <Card key={type} withBorder radius="md" padding="sm">
            <Card.Section>
              <PriorityImage src={CLUSTER_TYPE_IMAGE.src(type)} alt="" width={CLUSTER_TYPE_IMAGE.width} height={CLUSTER_TYPE_IMAGE.height} priority={priority} style={{ borderRadius: 0 }} />
            </Card.Section>
            <Text fw={600} size="sm" mt="sm">
              <AnchorLink to="/cluster-types/$type" params={{ type }}>
                {CLUSTER_TYPE_LABELS[type]}
              </AnchorLink>
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The home page's last section: far below the first screen, so its pictures wait for the scroll. */
export function HomeClusterTypes() {
  return (
    <Container size="lg" pb={{ base: 48, sm: 72 }}>
      <ClusterTypeGallery title="Seven cluster types, one platform" />
    </Container>
  );
}
