import { Table, Text } from '@mantine/core';
import type { CostMonth } from './cost-data';

/** Why the actual differs from the quoted, by line; the lines add up to the difference (the table's last row). */
export function CostLines({ month, format }: { month: CostMonth; format: (eurCents: number) => string }) {
  const signed = (cents: number) => `${cents > 0 ? '+' : cents < 0 ? '−' : ''}${format(Math.abs(cents))}`;
  if (month.lines.length === 0) {
    return (
      <Text size="sm" data-testid="cost-lines-none">
        The metered hours cost what the quotes priced.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table data-testid="cost-lines" striped>
        <Table.Caption>Actual − quoted, explained by line. VAT excluded.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Line</Table.Th>
            <Table.Th scope="col">How it was reached</Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {month.lines.map((line) => (
            <Table.Tr key={line.key} data-testid={`cost-line-${line.key}`}>
              <Table.Td>{line.label}</Table.Td>
              <Table.Td>
                <Text size="sm">{line.detail}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {signed(line.cents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={2}>
              Difference
            </Table.Th>
            <Table.Td ta="right" fw={700} data-testid="cost-difference" style={{ whiteSpace: 'nowrap' }}>
              {signed(month.differenceCents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
