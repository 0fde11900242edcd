// Loaded lazily (topology-view.tsx): @xyflow/react and its style sheet are fetched only by the
// pages that draw a topology, never by the rest of the site.
import '@xyflow/react/dist/style.css';
import { useComputedColorScheme } from '@mantine/core';
import { Background, Controls, MiniMap, ReactFlow } from '@xyflow/react';
import type { AriaLabelConfig } from '@xyflow/react';
import { useMemo } from 'react';
import type { CSSProperties } from 'react';
import classes from './topology-diagram.module.css';
import { NODE_TYPES } from './topology-flow-nodes';
import { layoutTopology } from './topology-layout';
import type { TopologyFlowNode } from './topology-layout';
import type { TopologyModel } from './topology-model';

export interface TopologyDiagramProps {
  model: TopologyModel;
  /** Height of the drawing area in pixels. */
  height: number;
  /** Id of the element that describes the diagram in words (the text alternative). */
  describedBy: string;
}

const ARIA_LABELS: Partial<AriaLabelConfig> = {
  'controls.ariaLabel': 'Diagram zoom controls',
  'controls.zoomIn.ariaLabel': 'Zoom in',
  'controls.zoomOut.ariaLabel': 'Zoom out',
  'controls.fitView.ariaLabel': 'Fit the whole architecture in view',
  'minimap.ariaLabel': 'Overview of the whole diagram',
};

const MINIMAP_COLORS: Record<string, string> = { network: '#a5d8ff', zone: '#dee2e6', component: '#228be6' };

/** The topology drawn with xyflow: read-only, panned and zoomed with the controls, in the page's colour scheme. */
export default function TopologyDiagram({ model, height, describedBy }: TopologyDiagramProps) {
  const colorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const { nodes, edges } = useMemo(() => layoutTopology(model), [model]);
  // A new set of parts (another tier or region) is drawn afresh and fitted to view; a change of
  // status only (a live cluster) keeps the reader's zoom.
  const shape = nodes.map((node) => node.id).join('|');

  return (
    <div style={{ '--topology-height': `${height}px` } as CSSProperties} className={classes.diagram}>
      <ReactFlow<TopologyFlowNode>
        key={shape}
        aria-label={`Architecture diagram: ${model.title}`}
        aria-describedby={describedBy}
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        colorMode={colorScheme}
        ariaLabelConfig={ARIA_LABELS}
        fitView
        fitViewOptions={{ padding: 0.08 }}
        minZoom={0.2}
        maxZoom={2}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        // The page scrolls under the wheel; zooming is for the controls and pinch.
        zoomOnScroll={false}
        preventScrolling={false}
      >
        <Background />
        <Controls showInteractive={false} />
        <MiniMap pannable={false} zoomable={false} nodeColor={(node) => MINIMAP_COLORS[node.type ?? ''] ?? '#adb5bd'} />
      </ReactFlow>
    </div>
  );
}
