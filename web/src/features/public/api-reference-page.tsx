import { SCOPE_DOMAIN_LABELS, SCOPE_DOMAINS } from '@kubemarket/shared';
import { Accordion, Anchor, Badge, Code, Group, List, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from '../../components/list-kit';
import type { Column } from '../../components/list-kit';
import { AnchorLink } from '../../components/router-links';
import { QueryErrorAlert } from '../../components/query-error-alert';
import classes from './api-reference.module.css';
import { apiReferenceQueryOptions } from './api-reference-query';
import { withInlineCode } from './inline-code';
import { exampleOperation } from './openapi-reference';
import { OperationExamples } from './operation-examples';
import type { Access, ApiOperation, ApiReference, HttpMethod, TagGroup } from './openapi-reference';
import { PageSection, PublicPage } from './public-page';
import { ParameterTable, REFERENCE_TABLE, SchemaView } from './schema-view';

/** Filled badges with white text: every shade here is at least 4.5:1 (blue.6 would be 3.6:1). */
const METHOD_COLORS: Record<HttpMethod, string> = {
  GET: 'blue.8',
  POST: 'teal.9',
  PUT: 'violet.8',
  PATCH: 'grape.8',
  DELETE: 'red.9',
  HEAD: 'gray.7',
  OPTIONS: 'gray.7',
};

const ACCESS_LABELS: Record<Access, string> = {
  public: 'Public',
  'session-or-token': 'Signed in: session or API token',
  'session-only': 'Browser session only',
};

const ERROR_COLUMNS: Column<ApiReference['errors'][number]>[] = [
  { header: 'Status', cell: (error) => <Code>{error.status}</Code> },
  { header: 'Meaning', cell: (error) => error.description ?? '' },
];

const WEBSOCKET_MESSAGE = '{ "type": "notification", "userId": "usr_01J...", "notificationId": "ntf_01J..." }';

export function ApiReferencePage() {
  const reference = useQuery(apiReferenceQueryOptions());

  return (
    <PublicPage
      eyebrow="Developers"
      title="API reference"
      description={
        <span className={classes.intro}>
          The REST API behind the console, generated from the same definitions the server runs. Send and receive JSON; errors answer with an HTTP
          status and a <Code>{'{ "message" }'}</Code> body you can show to a person.
        </span>
      }
    >
      <Stack gap={40} className={classes.reference}>
        <AuthenticationSection reference={reference.data} />

        {reference.isPending ? (
          <ReferenceSkeleton />
        ) : reference.error ? (
          <QueryErrorAlert title="The API reference could not be loaded" query={reference} />
        ) : (
          <Operations reference={reference.data} />
        )}

        <PageSection id="websocket" title="Real-time notifications">
          <Text>
            {withInlineCode(
              'Signed-in browsers open a WebSocket on `/ws` of the same host (`wss://` over HTTPS). Without a session the upgrade is refused with 401. The server sends a message whenever a notification is created for the user; the client then refreshes its notification list and count. On close, reconnect after 5 seconds.',
            )}
          </Text>
          <Code block>{WEBSOCKET_MESSAGE}</Code>
        </PageSection>
      </Stack>
    </PublicPage>
  );
}

function AuthenticationSection({ reference }: { reference: ApiReference | undefined }) {
  const cookie = reference?.sessionCookieName ?? '__Host-km_session';
  const example = reference ? exampleOperation(reference) : null;
  const baseUrl = reference?.serverUrl ?? window.location.origin;
  return (
    <PageSection id="authentication" title="Authenticating requests">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="xs">
          <Title order={3} size="h4">
            From a browser
          </Title>
          <Text size="sm">
            {withInlineCode(
              `Sign in to the console: the session cookie \`${cookie}\` is sent with every request (\`credentials: 'include'\`). Every POST, PUT, PATCH or DELETE must also send the CSRF token of the \`csrf-token\` meta tag (or the latest \`X-CSRF-Token\` response header) in the \`X-CSRF-Token\` header, or as a \`_csrf\` body field. Requests from other sites are refused with 403.`,
            )}
          </Text>
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h4">
            From a script
          </Title>
          <Text size="sm">
            Create an API token in{' '}
            <AnchorLink to="/settings" c="var(--api-link-color)" underline="always">
              Settings → API tokens
            </AnchorLink>{' '}
            {withInlineCode(
              '(its secret is shown once) and send it as `Authorization: Bearer <token>`. With that header the session cookie is ignored and no CSRF token is needed. Tokens expire, can be revoked at any time, and only browser sessions can create them.',
            )}
          </Text>
          {example ? (
            <Code block aria-label="Example request with an API token">
              {`curl -H "Authorization: Bearer $KUBEMARKET_TOKEN" \\\n  ${baseUrl}${example.path}`}
            </Code>
          ) : null}
        </Stack>
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={3} size="h4">
          Token scopes
        </Title>
        <Text size="sm">
          {withInlineCode(
            'A token acts as the user who created it, narrowed to its scopes: `<area>:read` to read an area, `<area>:write` to change it (write includes read). It can never do more than the user’s role in the organisation allows. Each operation below names the scope it needs.',
          )}
        </Text>
        <List size="sm" spacing={4} aria-label="Scope areas">
          {SCOPE_DOMAINS.map((domain) => (
            <List.Item key={domain}>
              <Code>{domain}</Code> {SCOPE_DOMAIN_LABELS[domain]}
            </List.Item>
          ))}
        </List>
      </Stack>
    </PageSection>
  );
}

function ReferenceSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true">
      <VisuallyHidden>Loading the API reference…</VisuallyHidden>
      <Skeleton height={28} width={240} />
      <Skeleton height={16} width="60%" />
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} height={56} radius="md" />
      ))}
    </Stack>
  );
}

function Operations({ reference }: { reference: ApiReference }) {
  const count = reference.groups.reduce((total, group) => total + group.operations.length, 0);
  return (
    <>
      <PageSection id="operations" title="Operations">
        <Text>
          {`${count} ${count === 1 ? 'operation' : 'operations'} in ${reference.groups.length} ${reference.groups.length === 1 ? 'group' : 'groups'}${reference.version ? `, API version ${reference.version}` : ''}. Paths are relative to `}
          <Code>{reference.serverUrl ?? window.location.origin}</Code>.
        </Text>
        <Text size="sm">
          {withInlineCode('Amounts are integer euro cents (`28900` is €289.00). Times are UTC milliseconds since the epoch; days are `YYYY-MM-DD`.')}
        </Text>
        <nav aria-label="Operation groups">
          <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {reference.groups.map((group) => (
              <li key={group.anchor}>
                <Anchor href={`#${group.anchor}`} size="sm" c="var(--api-link-color)" underline="always">
                  {group.name} ({group.operations.length})
                </Anchor>
              </li>
            ))}
            {reference.errors.length ? (
              <li>
                <Anchor href="#errors" size="sm" c="var(--api-link-color)" underline="always">
                  Errors
                </Anchor>
              </li>
            ) : null}
          </Group>
        </nav>
      </PageSection>

      {reference.groups.map((group) => (
        <OperationGroup key={group.anchor} group={group} baseUrl={reference.serverUrl ?? window.location.origin} />
      ))}

      {reference.errors.length ? (
        <PageSection id="errors" title="Errors">
          <Text>
            {withInlineCode(
              'A failed call answers one of these statuses with a `{ "message", "code", "requestId" }` body: show the message to a person, branch on the code, quote the request id to support. A validation error also lists `fields`, each `{ path, message }`.',
            )}
          </Text>
          <DataTable rows={reference.errors} columns={ERROR_COLUMNS} rowKey={(error) => error.status} minWidth={480} {...REFERENCE_TABLE} />
        </PageSection>
      ) : null}
    </>
  );
}

function OperationGroup({ group, baseUrl }: { group: TagGroup; baseUrl: string }) {
  return (
    <PageSection id={group.anchor} title={group.name}>
      {group.description ? <Text>{withInlineCode(group.description)}</Text> : null}
      <Accordion multiple variant="separated" order={3} chevronPosition="right">
        {group.operations.map((operation) => (
          <Accordion.Item key={operation.key} value={operation.key} data-testid="api-operation">
            <Accordion.Control>
              <span className={classes.operationControl}>
                <Badge component="span" color={METHOD_COLORS[operation.method]} variant="filled" radius="sm" className={classes.methodBadge}>
                  {operation.method}
                </Badge>{' '}
                <span className={classes.operationText}>
                  <span className={classes.path}>{operation.path}</span>{' '}
                  <span className={classes.summary}>
                    {operation.summary}
                    {operation.deprecated ? ' (deprecated)' : ''}
                  </span>
                </span>
              </span>
            </Accordion.Control>
            <Accordion.Panel>
              <OperationDetails operation={operation} baseUrl={baseUrl} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </PageSection>
  );
}

function OperationDetails({ operation, baseUrl }: { operation: ApiOperation; baseUrl: string }) {
  const { parameters, requestBody, response } = operation;
  return (
    <Stack gap="md">
      {operation.description ? <Text size="sm">{withInlineCode(operation.description)}</Text> : null}
      <Group gap="xs">
        <Badge variant="default" radius="sm">
          {ACCESS_LABELS[operation.access]}
        </Badge>
        {operation.scope && operation.access !== 'public' ? (
          <Text size="sm">
            Token scope <Code>{operation.scope}</Code>
          </Text>
        ) : null}
        {operation.deprecated ? (
          <Badge variant="default" radius="sm">
            Deprecated
          </Badge>
        ) : null}
      </Group>
      <OperationExamples operation={operation} baseUrl={baseUrl} />

      {parameters.length ? (
        <Stack gap="xs">
          <Title order={4} size="h5">
            Parameters
          </Title>
          <ParameterTable parameters={parameters} />
        </Stack>
      ) : null}

      {requestBody ? (
        <Stack gap="xs">
          <Title order={4} size="h5">
            Request body
          </Title>
          <Text size="sm" className={classes.muted}>
            <Code>{requestBody.contentType}</Code>, {requestBody.required ? 'required' : 'optional'}
          </Text>
          <SchemaView node={requestBody.schema} />
        </Stack>
      ) : null}

      <Stack gap="xs">
        <Title order={4} size="h5">
          Response
        </Title>
        {response ? (
          <>
            <Text size="sm" className={classes.muted}>
              <Code>{response.status}</Code>
              {response.description ? ` ${response.description}` : ''}
              {response.contentType ? (
                <>
                  , <Code>{response.contentType}</Code>
                </>
              ) : null}
            </Text>
            {response.schema ? <SchemaView node={response.schema} /> : <Text size="sm">No body.</Text>}
          </>
        ) : (
          <Text size="sm">Not documented.</Text>
        )}
        {operation.errorStatuses.length ? (
          <Text size="sm">
            Errors:{' '}
            {operation.errorStatuses.map((status, index) => (
              <span key={status}>
                {index > 0 ? ', ' : null}
                <Code>{status}</Code>
              </span>
            ))}{' '}
            (
            <Anchor href="#errors" size="sm" c="var(--api-link-color)" underline="always">
              what they mean
            </Anchor>
            )
          </Text>
        ) : null}
      </Stack>
    </Stack>
  );
}
