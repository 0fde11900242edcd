import { ColorSwatch, getThemeColor, Group, Text, useMantineTheme } from '@mantine/core';

/**
 * A chart's legend beside it rather than recharts' own, which measures itself and renders the
 * whole chart a second time (about a third of the chart's rendering time).
 */
export function ChartLegend({ series, testId }: { series: ReadonlyArray<{ name: string; label: string; color: string }>; testId: string }) {
  const theme = useMantineTheme();
  return (
    <Group gap="md" justify="center" mt="xs" data-testid={testId}>
      {series.map((item) => (
        <Group key={item.name} gap={6} wrap="nowrap">
          <ColorSwatch color={getThemeColor(item.color, theme)} size={12} withShadow={false} />
          <Text size="xs">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
