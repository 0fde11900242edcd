import { Badge, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { CheckList } from '../../components/check-list';
import { PriorityImage } from '../../components/priority-image';
import classes from './home-hero.module.css';

const HERO_POINTS = [
  'Clusters run only in EU data centres, operated by an EU company, out of reach of extra-EU laws.',
  'GDPR compliant, HDS certified for health data and CISPE compliant by default.',
  'The control plane, Kubernetes upgrades and node health are run for you by our engineers.',
] as const;

export function HomeHero() {
  return (
    <section className={classes.hero}>
      <Container size="lg" py={{ base: 56, sm: 96 }} className={classes.layout}>
        <Stack gap="lg" maw={760}>
          <Badge variant="light" size="lg" radius="sm" w="fit-content">
            Sovereign cloud · Made in Europe
          </Badge>
          <Title order={1} className={classes.title}>
            Managed Kubernetes that keeps your data in Europe
          </Title>
          <Text size="lg" c="dimmed">
            Order a production-grade cluster in minutes, choose the tier that fits your workload, and let our
            engineers run it. Your applications and your data stay under European jurisdiction, from the
            first node to the last backup.
          </Text>
          <CheckList items={HERO_POINTS} />
          <Group gap="sm" mt="sm">
            <Button size="md" component="a" href="#cluster-tiers">
              Compare cluster tiers
            </Button>
            <Button size="md" variant="default" component="a" href="#sovereignty">
              Why sovereignty matters
            </Button>
          </Group>
        </Stack>
        {/* The first screen's picture: the high group, preloaded as the page's largest image. */}
        <div className={classes.illustration}>
          <PriorityImage
            src="/images/hero-cluster.svg"
            alt="A managed Kubernetes control plane inside the ring of EU stars, running four worker nodes"
            width={560}
            height={420}
            priority="high"
            lcp
          />
        </div>
      </Container>
    </section>
  );
}
