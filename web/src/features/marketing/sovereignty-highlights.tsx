import { SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingCommunity, IconHeartbeat, IconLock, IconServer2 } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { LandingSection } from '../../components/landing-section';
import { PriorityImage } from '../../components/priority-image';

interface Highlight {
  icon: Icon;
  title: string;
  description: string;
}

const HIGHLIGHTS: readonly Highlight[] = [
  {
    icon: IconServer2,
    title: 'EU data centres only',
    description:
      'Control planes, worker nodes, volumes and backups are hosted in European data centres. Nothing is replicated outside the EU.',
  },
  {
    icon: IconLock,
    title: 'GDPR by design',
    description:
      'We process your data only on your instructions, under a GDPR data processing agreement signed with your organisation.',
  },
  {
    icon: IconHeartbeat,
    title: 'HDS certified',
    description:
      'Host personal health data on infrastructure certified Hébergeur de Données de Santé, as French regulation requires.',
  },
  {
    icon: IconBuildingCommunity,
    title: 'CISPE compliant',
    description:
      'Our services follow the CISPE data protection code of conduct: no reuse of your data, transparent sub-processors.',
  },
];

export function SovereigntyHighlights() {
  return (
    <LandingSection
      id="sovereignty"
      title="Sovereignty you can show your auditors"
      intro="Compliance is part of the platform, not an option you add later. Every tier inherits the same guarantees."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
        {HIGHLIGHTS.map(({ icon: HighlightIcon, title, description }) => (
          <Stack key={title} gap="xs">
            <ThemeIcon size={40} radius="md" variant="light">
              <HighlightIcon size={22} stroke={1.6} />
            </ThemeIcon>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {/* Below the first screen: the medium group, once the hero is in. */}
      <PriorityImage
        src="/images/eu-data-centres.svg"
        alt="Map of our European regions: Paris, Frankfurt, Amsterdam, Warsaw, Milan, Madrid and Stockholm, linked to one another"
        width={640}
        height={400}
        priority="medium"
        style={{ marginInline: 'auto' }}
      />
    </LandingSection>
  );
}
