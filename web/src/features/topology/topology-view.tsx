import { Alert, Box, Card, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { Component, lazy, Suspense, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { TopologyDescription } from './topology-description';
import { CONNECTION_STYLES } from './topology-layout';
import type { ConnectionKind, TopologyModel } from './topology-model';

// @xyflow/react and its style sheet load with the diagram, only where a topology is drawn.
const TopologyDiagram = lazy(() => import('./topology-diagram'));

interface TopologyViewProps {
  model: TopologyModel;
  /** Height of the drawing in pixels. */
  height?: number;
  /** Level of the headings of the view's sections, under the page's own. */
  headingOrder?: 2 | 3;
}

/**
 * A topology as a diagram with its legend, and the same topology in words. The reference
 * architecture of a tier and a running cluster's live topology both use it.
 */
export function TopologyView({ model, height = 620, headingOrder = 2 }: TopologyViewProps) {
  const id = useId();
  const descriptionId = `topology-description-${id.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // On a phone the list reads better than a drawing a few centimetres wide: it comes first, and
  // the diagram (pinch to zoom, drag to pan) is one tap away (issue 31).
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const [chosen, setChosen] = useState<'diagram' | 'list' | null>(null);
  const view = chosen ?? (phone ? 'list' : 'diagram');

  return (
    <Stack gap="lg">
      <SegmentedControl
        value={view}
        onChange={(next) => setChosen(next as 'diagram' | 'list')}
        data={[
          { value: 'diagram', label: 'Diagram' },
          { value: 'list', label: 'List' },
        ]}
        aria-label="Show the topology as"
        w="fit-content"
        data-testid="topology-view-switch"
      />
      {view === 'diagram' ? <Diagram model={model} height={phone ? Math.min(height, 440) : height} descriptionId={descriptionId} /> : null}
      <TopologyDescription model={model} id={descriptionId} headingOrder={headingOrder} />
    </Stack>
  );
}

function Diagram({ model, height, descriptionId }: { model: TopologyModel; height: number; descriptionId: string }) {
  return (
    <>
      <Card withBorder radius="md" padding={0} component="figure" m={0} data-testid="topology-diagram">
        <DiagramErrorBoundary>
          <Suspense fallback={<Skeleton height={height} radius={0} aria-label="Loading the diagram" data-testid="topology-diagram-loading" />}>
            <TopologyDiagram model={model} height={height} describedBy={descriptionId} />
          </Suspense>
        </DiagramErrorBoundary>
        <Box component="figcaption" px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Group gap="lg" wrap="wrap">
            <Text size="sm" fw={600}>
              {model.title}
            </Text>
            {(Object.keys(CONNECTION_STYLES) as ConnectionKind[]).map((kind) => (
              <LegendLine key={kind} kind={kind} />
            ))}
          </Group>
        </Box>
      </Card>
    </>
  );
}

function LegendLine({ kind }: { kind: ConnectionKind }) {
  const style = CONNECTION_STYLES[kind];
  return (
    <Group gap={6} wrap="nowrap">
      <svg width="28" height="8" aria-hidden="true">
        <line x1="0" y1="4" x2="28" y2="4" stroke={style.color} strokeWidth="2" strokeDasharray={style.dash} />
      </svg>
      <Text size="xs">{style.name}</Text>
    </Group>
  );
}

/** The diagram's code failed to load (say, offline after a deploy): the words below still describe it all. */
class DiagramErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert color="red" variant="light" m="md" icon={<IconAlertCircle size={18} />} title="The diagram could not be drawn" data-testid="topology-diagram-error">
        Reload the page to try again. The description below lists every component and connection of the diagram.
      </Alert>
    );
  }
}
