import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode } from 'react';
import { statusLabel } from './staff-format';

// Parts

export function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <Card withBorder padding="md" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function SimpleTable({ label, head, rows, empty }: { label: string; head: string[]; rows: Array<{ key: string; cells: ReactNode[] }>; empty: string }) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell) => (
              <Table.Th key={cell} scope="col">
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, index) => (
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A customer's cluster or order status as staff see it: the customer's filled badge colour, the status in words. */
export function StatusBadge<S extends string>({ status, colors, size }: { status: S; colors: Record<S, string>; size?: 'xs' }) {
  return (
    <Badge size={size} variant="filled" color={colors[status]} tt="none">
      {statusLabel(status)}
    </Badge>
  );
}
