import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** Label and value pairs as a description list, in one or two columns. */
export function DetailsList({ details }: { details: readonly Detail[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md" component="dl" m={0}>
      {details.map(({ label, value, testId }) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text component="dd" size="sm" fw={500} m={0} mt={2} data-testid={testId}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
