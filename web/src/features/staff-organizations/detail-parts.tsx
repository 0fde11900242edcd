import { Alert, Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, type RefObject } from 'react';
import { ErrorAlert } from '../../components/error-alert';
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

/** A section of the page that is one table, named by the section's title. */
export function TableSection({ title, ...table }: { title: string } & Omit<SimpleTableProps, 'label'>) {
  return (
    <Section title={title}>
      <SimpleTable label={title} {...table} />
    </Section>
  );
}

interface SimpleTableProps {
  label: string;
  head: string[];
  rows: Array<{ key: string; cells: ReactNode[] }>;
  empty: string;
}

export function SimpleTable({ label, head, rows, empty }: SimpleTableProps) {
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

interface AdminFormCardProps {
  /** The id of the card's title, which names the section. */
  titleId: string;
  title: string;
  /** Said to staff who are not administrators, above the fields they cannot use. */
  adminOnly: string;
  admin: boolean;
  /** What useSchemaForm gives that the form element and its error line need. */
  schemaForm: { formRef: RefObject<HTMLFormElement | null>; onSubmit: (event?: FormEvent<HTMLFormElement>) => void; error: string | null };
  /** What the card says before its fields. */
  intro?: ReactNode;
  children: ReactNode;
}

/** A staff form about the organisation in its own card: the title, who may use it, the form's error, then the fields. */
export function AdminFormCard({ titleId, title, adminOnly, admin, schemaForm: { formRef, onSubmit, error }, intro, children }: AdminFormCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          <Title order={3} size="h4" id={titleId}>
            {title}
          </Title>
          {intro}
          {admin ? null : (
            <Alert color="gray" variant="light">
              {adminOnly}
            </Alert>
          )}
          <ErrorAlert>{error}</ErrorAlert>
          {children}
        </Stack>
      </form>
    </Card>
  );
}
