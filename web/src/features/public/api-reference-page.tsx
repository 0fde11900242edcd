import { Badge, Card, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { withInlineCode } from './inline-code';
import { API_GROUPS, WEBSOCKET_MESSAGE } from './api-reference-content';
import type { Access, Endpoint, HttpMethod } from './api-reference-content';
import { PageSection, PublicPage } from './public-page';

const METHOD_COLORS: Record<HttpMethod, string> = { GET: 'blue', POST: 'teal', PUT: 'orange' };
const ACCESS_COLORS: Record<Access, string> = { Public: 'gray', 'Signed in': 'indigo', Staff: 'red' };

export function ApiReferencePage() {
  return (
    <PublicPage
      eyebrow="Developers"
      title="API reference"
      description='The REST API behind the console. Send and receive JSON; errors answer with an HTTP status and a { "message" } body you can show to a person.'
    >
      <PageSection id="conventions" title="Conventions">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap={4}>
            <Text fw={600}>Authentication</Text>
            <Text size="sm" c="dimmed">
              {withInlineCode(
                'Browsers use the session cookie set by sign-in, with `credentials: include`. Scripts send an API token created in Settings as `Authorization: Bearer <token>`.',
              )}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text fw={600}>CSRF protection</Text>
            <Text size="sm" c="dimmed">
              {withInlineCode(
                'Browser requests that change state send the token of the `csrf-token` meta tag in the `X-CSRF-Token` header (or a `_csrf` body field). Responses may carry a fresh token in `X-CSRF-Token`. Bearer-token calls need none.',
              )}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text fw={600}>Errors</Text>
            <Text size="sm" c="dimmed">
              {withInlineCode(
                'A failed call answers 400 for invalid input, 401 when not signed in, 403 when not allowed, 404 when not found, 409 on conflicts and 429 when rate-limited (with `Retry-After`). The body is `{ "message": "..." }`.',
              )}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text fw={600}>Money and time</Text>
            <Text size="sm" c="dimmed">
              {withInlineCode('Amounts are integer euro cents (`28900` is €289.00). Times are UTC milliseconds since the epoch; days are `YYYY-MM-DD`.')}
            </Text>
          </Stack>
        </SimpleGrid>
      </PageSection>

      {API_GROUPS.map((group) => (
        <PageSection key={group.id} id={group.id} title={group.title}>
          <Stack gap="md">
            {group.endpoints.map((endpoint) => (
              <EndpointCard key={`${endpoint.method} ${endpoint.path}`} endpoint={endpoint} />
            ))}
          </Stack>
        </PageSection>
      ))}

      <PageSection id="websocket" title="Real-time notifications">
        <Text>
          {withInlineCode(
            'Signed-in browsers open a WebSocket on `/ws` of the same host (`wss://` over HTTPS). Without a session the upgrade is refused with 401. The server sends a message whenever a notification is created for the user; the client then refreshes its notification list and count. On close, reconnect after 5 seconds.',
          )}
        </Text>
        <Code block>{WEBSOCKET_MESSAGE}</Code>
      </PageSection>
    </PublicPage>
  );
}

function EndpointCard({ endpoint }: { endpoint: Endpoint }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="api-endpoint">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <Badge color={METHOD_COLORS[endpoint.method]} radius="sm" w={56}>
            {endpoint.method}
          </Badge>
          <Text ff="monospace" fw={600} size="sm">
            {endpoint.path}
          </Text>
          <Badge color={ACCESS_COLORS[endpoint.access]} variant="light" size="sm">
            {endpoint.access}
          </Badge>
        </Group>
        <Text size="sm">{endpoint.summary}</Text>
        {endpoint.request || endpoint.response ? (
          <SimpleGrid cols={{ base: 1, md: endpoint.request && endpoint.response ? 2 : 1 }} spacing="sm">
            {endpoint.request ? (
              <Stack gap={4}>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  Request body
                </Text>
                <Code block style={{ whiteSpace: 'pre', overflowX: 'auto' }}>
                  {endpoint.request}
                </Code>
              </Stack>
            ) : null}
            {endpoint.response ? (
              <Stack gap={4}>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  Response
                </Text>
                <Code block style={{ whiteSpace: 'pre', overflowX: 'auto' }}>
                  {endpoint.response}
                </Code>
              </Stack>
            ) : null}
          </SimpleGrid>
        ) : (
          <Text size="xs" c="dimmed">
            No request body. The response describes the organisation of the caller.
          </Text>
        )}
        {endpoint.notes ? (
          <Text size="xs" c="dimmed">
            {endpoint.notes}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
