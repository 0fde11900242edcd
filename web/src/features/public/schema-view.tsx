import { Code, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { DataTable } from '../../components/list-kit';
import type { Column } from '../../components/list-kit';
import classes from './api-reference.module.css';
import { withInlineCode } from './inline-code';
import { typeLabel } from './openapi-reference';
import type { ApiParameter, SchemaField, SchemaNode } from './openapi-reference';

/**
 * A JSON Schema as people read it: a table of fields (nested objects collapsed behind a toggle),
 * the options of a union, or the type of a plain value.
 */
export function SchemaView({ node, nested = false }: { node: SchemaNode; nested?: boolean }) {
  return (
    <Stack gap="xs">
      {/* Inside a table the parent row already shows the type and notes. */}
      {nested ? null : needsTypeLine(node) ? <SchemaSummary node={node} /> : <SchemaNotes node={node} />}
      {node.fields?.length ? <FieldTable fields={node.fields} /> : null}
      {node.variants?.length ? <Variants variants={node.variants} /> : null}
    </Stack>
  );
}

/** A plain object or union says what it is through its table or options; anything else states its type. */
function needsTypeLine(node: SchemaNode): boolean {
  if (node.nullable) return true;
  if (node.fields?.length) return node.type !== 'object';
  if (node.variants?.length) return !node.type.startsWith('one of');
  return true;
}

function SchemaSummary({ node }: { node: SchemaNode }) {
  const fieldsOf = node.type.startsWith('array') ? ', each item with these fields:' : node.type.startsWith('map') ? ', each value with these fields:' : ':';
  return (
    <Stack gap={2}>
      <Text size="sm">
        Type <Code>{typeLabel(node)}</Code>
        {node.fields?.length ? fieldsOf : null}
      </Text>
      <SchemaNotes node={node} />
    </Stack>
  );
}

function valuesLead(node: SchemaNode): string {
  if (node.type.startsWith('array of')) return 'Each item one of ';
  if (node.type.startsWith('map of')) return 'Each value one of ';
  return node.values?.length === 1 ? 'Always ' : 'One of ';
}

/** Description, allowed values and constraints of a schema, for a table cell or a summary. */
export function SchemaNotes({ node, description = node.description }: { node: SchemaNode; description?: string }) {
  if (!description && !node.values?.length && node.details.length === 0) return null;
  return (
    <Stack gap={2}>
      {description ? <Text size="sm">{withInlineCode(description)}</Text> : null}
      {node.values?.length ? (
        <Text size="sm">
          {valuesLead(node)}
          {node.values.map((value, index) => (
            <span key={`${index}-${value}`}>
              {index > 0 ? ', ' : null}
              <Code>{value}</Code>
            </span>
          ))}
        </Text>
      ) : null}
      {node.details.length ? (
        <Text size="xs" className={classes.muted}>
          {node.details.join(' · ')}
        </Text>
      ) : null}
    </Stack>
  );
}

function Variants({ variants }: { variants: SchemaNode[] }) {
  return (
    <Stack gap="sm">
      <Text size="sm">One of these shapes:</Text>
      {variants.map((variant, index) => (
        <Stack key={index} gap={4} className={classes.variant}>
          <Text size="sm" fw={600}>
            Option {index + 1}
            {variant.title ? `: ${variant.title}` : variant.fields?.length ? '' : ` (${typeLabel(variant)})`}
          </Text>
          <SchemaView node={variant} />
        </Stack>
      ))}
    </Stack>
  );
}

function TypeLabel({ node }: { node: SchemaNode }) {
  return (
    <Text span fz="xs" ff="monospace">
      {typeLabel(node)}
    </Text>
  );
}

function requiredLabel(required: boolean): string {
  return required ? 'required' : 'optional';
}

function FieldTable({ fields }: { fields: SchemaField[] }) {
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table withTableBorder verticalSpacing={6} horizontalSpacing="sm" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Field</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Required</Table.Th>
            <Table.Th scope="col">Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => (
            <FieldRows key={field.name} field={field} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FieldRows({ field }: { field: SchemaField }) {
  const [open, setOpen] = useState(false);
  const nestedId = useId();
  const expandable = Boolean(field.schema.fields?.length || field.schema.variants?.length);
  return (
    <>
      <Table.Tr>
        <Table.Td>
          {expandable ? (
            <UnstyledButton className={classes.fieldToggle} aria-expanded={open} aria-controls={nestedId} onClick={() => setOpen((value) => !value)}>
              <IconChevronRight size={14} aria-hidden className={`${classes.chevron} ${open ? classes.chevronOpen : ''}`} />
              <Code>{field.name}</Code>
            </UnstyledButton>
          ) : (
            <Code>{field.name}</Code>
          )}
        </Table.Td>
        <Table.Td>
          <TypeLabel node={field.schema} />
        </Table.Td>
        <Table.Td>{requiredLabel(field.required)}</Table.Td>
        <Table.Td>
          <SchemaNotes node={field.schema} />
        </Table.Td>
      </Table.Tr>
      {expandable ? (
        <Table.Tr id={nestedId} hidden={!open}>
          <Table.Td colSpan={4} className={classes.nested}>
            {open ? <SchemaView node={field.schema} nested /> : null}
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

/** The reference's tables: bordered, small, scrolling sideways natively on a narrow screen. */
export const REFERENCE_TABLE = { withTableBorder: true, verticalSpacing: 6, fz: 'sm' } as const;

const PARAMETER_COLUMNS: Column<ApiParameter>[] = [
  { header: 'Name', cell: (parameter) => <Code>{parameter.name}</Code> },
  { header: 'In', cell: (parameter) => parameter.in },
  { header: 'Type', cell: (parameter) => <TypeLabel node={parameter.schema} /> },
  { header: 'Required', cell: (parameter) => requiredLabel(parameter.required) },
  { header: 'Description', cell: (parameter) => <SchemaNotes node={parameter.schema} description={parameter.description} /> },
];

export function ParameterTable({ parameters }: { parameters: ApiParameter[] }) {
  return (
    <DataTable
      rows={parameters}
      columns={PARAMETER_COLUMNS}
      rowKey={(parameter) => `${parameter.in}:${parameter.name}`}
      minWidth={560}
      horizontalSpacing="sm"
      {...REFERENCE_TABLE}
    />
  );
}
