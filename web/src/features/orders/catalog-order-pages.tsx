import { Alert, Badge, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ORGANIZATION_ROLE_LABELS, roleCan } from '@kubemarket/shared';
import { IconArrowLeft, IconLock, IconShoppingCart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { DetailsList } from '../../components/details-list';
import { QueryView } from '../../components/list-kit';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { BackLink } from '../../components/back-link';
import { ButtonLink } from '../../components/router-links';
import { SectionCard } from '../../components/section-card';
import { formatDate } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { categoryLabel, hoursLabel, MiddlewareFromPrice, MiddlewarePlansTable, responseTimeLabel, SupportPlanFacts, SupportPlanPrice, useCatalog } from '../catalog';
import type { Catalog } from '../catalog';
import { PlaceOrderModal } from '../checkout';
import { OrderMiddleware, YourMiddlewares } from '../middlewares';
import { PriceControls } from '../preferences';
import { OrderList } from './order-list';
import type { OrderListPageProps } from './order-list-pages';
import { OrdersTable } from './orders-table';
import { PageHeader, PageLayout } from '../../components/page-header';

type Middleware = Catalog['middlewares'][number];
type SupportPlan = Catalog['supportPlans'][number];

/** The catalogue, or why it is not there yet. */
function CatalogGate({ children }: { children: (catalog: Catalog) => ReactNode }) {
  const query = useCatalog();
  if (query.catalog) return <>{children(query.catalog)}</>;
  if (query.error) return <QueryErrorAlert title="The catalogue could not be loaded" query={query} />;
  return <Skeleton height={220} radius="md" aria-label="Loading the catalogue" />;
}

/** Why this member sees prices but no Order button. */
function NotAllowedToOrder() {
  const user = useSessionUser();
  return (
    <Alert variant="light" color="gray" icon={<IconLock size={18} />} data-testid="order-not-allowed">
      Your role in {user.companyName ?? 'your organisation'} ({ORGANIZATION_ROLE_LABELS[user.organizationRole]}) can see the catalogue and the orders, but
      not order. Ask an owner, administrator or member of your organisation to order.
    </Alert>
  );
}

function useMayOrder(): boolean {
  const user = useSessionUser();
  return roleCan(user.organizationRole, 'orders:write');
}

/** The organisation's orders whose summary names `name` (a middleware, a support plan), newest first. */
function OrdersOf({ kind, name, caption }: { kind: 'middleware' | 'support'; name: string; caption: string }) {
  const trpc = useTRPC();
  const orders = useQuery(trpc.orders.list.queryOptions({ kind, q: name, pageSize: 10 }));
  return (
    <QueryView
      query={orders}
      loading={<Skeleton height={120} radius="md" aria-label="Loading your orders" />}
      errorTitle="Your orders could not be loaded"
      isEmpty={(data) => data.items.length === 0}
      empty={
        <Text size="sm" data-testid="orders-of-empty">
          Your organisation has not ordered {name} yet.
        </Text>
      }
    >
      {(data) => <OrdersTable items={data.items} caption={caption} />}
    </QueryView>
  );
}

/** A section of a catalogue page under its level-2 heading. */
function CatalogSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </section>
  );
}

/** The cards of what the catalogue offers, once it has loaded. */
function CatalogCards({ lg, children }: { lg: number; children: (catalog: Catalog) => ReactNode }) {
  return (
    <CatalogGate>
      {(catalog) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg }} spacing="md">
          {children(catalog)}
        </SimpleGrid>
      )}
    </CatalogGate>
  );
}

/** The section of a catalogue page that lists the organisation's orders of its kind. */
function CatalogOrders({ id, title, ...list }: ComponentProps<typeof OrderList> & { id: string; title: string }) {
  return (
    <CatalogSection id={id} title={title}>
      <OrderList {...list} />
    </CatalogSection>
  );
}

/** A card of the catalogue: its name with a badge, what it is, and the way to its page at the foot. */
function CatalogCard({ titleId, testId, title, badge, children, footer }: { titleId: string; testId: string; title: string; badge: ReactNode; children: ReactNode; footer: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Title order={3} size="h5" id={titleId}>
              {title}
            </Title>
            {badge}
          </Group>
          {children}
        </Stack>
        {footer}
      </Stack>
    </Card>
  );
}

/** The page of one item of the catalogue, found by its id, or why it is not on sale. */
function CatalogItemPage<T>({ find, notOnSale, children }: { find: (catalog: Catalog) => T | undefined; notOnSale: ReactNode; children: (item: T, catalog: Catalog) => ReactNode }) {
  return (
    <Container size="lg" py="xl">
      <CatalogGate>
        {(catalog) => {
          const item = find(catalog);
          return item ? children(item, catalog) : notOnSale;
        }}
      </CatalogGate>
    </Container>
  );
}

// ---------------------------------------------------------------------------------------------
// Middlewares

/** /orders/products (Middlewares): the managed middlewares on sale and the organisation's orders of them. */
export function MiddlewaresPage({ search, onSearchChange }: OrderListPageProps) {
  return (
    <PageLayout title="Middlewares" description="Managed databases, message queues and caches run by our engineers next to your clusters. Open one to order a plan." actions={<PriceControls />}>
      <CatalogSection id="middleware-catalogue-title" title="Catalogue">
        <CatalogCards lg={3}>
          {(catalog) => catalog.middlewares.map((middleware) => <MiddlewareCard key={middleware.id} middleware={middleware} />)}
        </CatalogCards>
      </CatalogSection>
      <CatalogSection id="middleware-instances-title" title="Your middlewares">
        <YourMiddlewares empty={<Text size="sm">Your organisation runs no middleware yet: open one of the catalogue to order a plan.</Text>} />
      </CatalogSection>
      <CatalogOrders
        id="middleware-orders-title"
        title="Your middleware orders"
        kind="middleware"
        search={search}
        onSearchChange={onSearchChange}
        caption="Your organisation's middleware orders"
        empty={<Text size="sm">Your organisation has not ordered a middleware yet.</Text>}
      />
    </PageLayout>
  );
}

function MiddlewareCard({ middleware }: { middleware: Middleware }) {
  const titleId = `middleware-${middleware.id}`;
  return (
    <CatalogCard
      titleId={titleId}
      testId="middleware-card"
      title={middleware.name}
      badge={<Badge variant="light">{categoryLabel(middleware.category)}</Badge>}
      footer={
        <Stack gap={6}>
          <MiddlewareFromPrice middleware={middleware} gap={6} size="sm" />
          <ButtonLink to="/orders/products/$id" params={{ id: middleware.id }} variant="light" aria-label={`See the plans of ${middleware.name}`}>
            See the plans
          </ButtonLink>
        </Stack>
      }
    >
      <Text size="sm" lineClamp={3}>
        {middleware.description}
      </Text>
    </CatalogCard>
  );
}

/** /orders/products/{id}: a middleware and its plans, each ordered from here. */
export function MiddlewarePage({ middlewareId }: { middlewareId: string }) {
  return (
    <CatalogItemPage
      find={(catalog) => catalog.middlewares.find((candidate) => candidate.id === middlewareId)}
      notOnSale={<NotOnSale what="middleware" id={middlewareId} back="/orders/products" />}
    >
      {(middleware, catalog) => <MiddlewareDetail catalog={catalog} middleware={middleware} />}
    </CatalogItemPage>
  );
}

function NotOnSale({ what, id, back }: { what: string; id: string; back: '/orders/products' | '/orders/support' }) {
  return (
    <Stack gap="lg">
      <Title order={1} data-testid="page-title">
        {what === 'middleware' ? 'Middleware not found' : 'Support plan not found'}
      </Title>
      <Alert color="gray" variant="light" data-testid="not-on-sale">
        No {what} <code>{id}</code> is on sale. It may have been withdrawn; orders placed for it keep it.
      </Alert>
      <Group>
        <ButtonLink to={back} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          {what === 'middleware' ? 'All middlewares' : 'All support plans'}
        </ButtonLink>
      </Group>
    </Stack>
  );
}

function MiddlewareDetail({ catalog, middleware }: { catalog: Catalog; middleware: Middleware }) {
  const mayOrder = useMayOrder();
  const [ordering, setOrdering] = useState<Middleware['plans'][number] | null>(null);
  const regions = middleware.regionIds.map((id) => catalog.regions.find((region) => region.id === id)?.name ?? id);
  return (
    <Stack gap="lg">
      <BackLink to="/orders/products">
        All middlewares
      </BackLink>
      <PageHeader title={middleware.name} description={middleware.description} actions={<PriceControls />} />
      <DetailsList
        details={[
          { label: 'Category', value: categoryLabel(middleware.category) },
          { label: 'Versions', value: middleware.versions.length > 0 ? middleware.versions.join(', ') : 'Managed for you' },
          { label: 'Regions', value: regions.length > 0 ? regions.join(', ') : 'Every region' },
        ]}
      />
      <SectionCard id="plans" title="Plans" description="Prices before VAT; your order is quoted with your billing details and promotion code before you pay.">
        {mayOrder ? null : <NotAllowedToOrder />}
        <MiddlewarePlansTable
          middleware={middleware}
          orderButton={
            mayOrder
              ? (plan) => (
                  <Button size="xs" leftSection={<IconShoppingCart size={14} aria-hidden />} onClick={() => setOrdering(plan)} aria-label={`Order ${middleware.name} ${plan.name}`} data-testid="order-plan">
                    Order
                  </Button>
                )
              : undefined
          }
          rowProps={(plan) => ({ 'data-testid': 'middleware-plan', 'data-plan-id': plan.id })}
          minWidth={560}
          testId="middleware-plans"
        />
      </SectionCard>
      <SectionCard id="your-orders" title={`Your orders of ${middleware.name}`}>
        <OrdersOf kind="middleware" name={middleware.name} caption={`Your organisation's orders of ${middleware.name}`} />
      </SectionCard>
      <OrderMiddleware middleware={middleware} plan={ordering} onClose={() => setOrdering(null)} />
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Support plans

/** The support plan the organisation has now: its latest completed support order. */
function useCurrentSupport() {
  const trpc = useTRPC();
  const latest = useQuery(trpc.orders.list.queryOptions({ kind: 'support', status: 'completed', pageSize: 1 }));
  return latest.data?.items[0] ?? null;
}

/** /orders/support: the support plans on sale and the organisation's support orders. */
export function SupportPlansPage({ search, onSearchChange }: OrderListPageProps) {
  const current = useCurrentSupport();
  return (
    <PageLayout title="Support Plans" description="How fast our engineers answer, on which channels and at which hours. Open a plan to subscribe to it." actions={<PriceControls />}>
      {current ? (
        <Text size="sm" data-testid="current-support-plan">
          Your organisation subscribes to <strong>{current.summary.replace(/^Support: /, '')}</strong> since {formatDate(current.paidAt ?? current.createdAt)}.
        </Text>
      ) : null}
      <CatalogSection id="support-catalogue-title" title="Plans">
        <CatalogCards lg={4}>
          {(catalog) => catalog.supportPlans.map((plan) => <SupportPlanCard key={plan.id} plan={plan} current={current?.summary === `Support: ${plan.name}`} />)}
        </CatalogCards>
      </CatalogSection>
      <CatalogOrders
        id="support-orders-title"
        title="Your support plan orders"
        kind="support"
        search={search}
        onSearchChange={onSearchChange}
        caption="Your organisation's support plan orders"
        empty={<Text size="sm">Your organisation has not subscribed to a support plan yet.</Text>}
      />
    </PageLayout>
  );
}

function SupportPlanCard({ plan, current }: { plan: SupportPlan; current: boolean }) {
  const titleId = `support-${plan.id}`;
  return (
    <CatalogCard
      titleId={titleId}
      testId="support-plan-card"
      title={plan.name}
      badge={
        current ? (
          <Badge color="teal.9" variant="filled">
            Current plan
          </Badge>
        ) : null
      }
      footer={
        <ButtonLink to="/orders/support/$id" params={{ id: plan.id }} variant="light" aria-label={`See the plan: ${plan.name} support`}>
          See the plan
        </ButtonLink>
      }
    >
      <SupportPlanPrice plan={plan} size="sm" />
      <Text size="sm">
        Critical issues answered within {responseTimeLabel(plan.responseMinutes[0])}, {hoursLabel(plan.hours).toLowerCase()}.
      </Text>
    </CatalogCard>
  );
}

/** /orders/support/{id}: one support plan, subscribed to from here (a free plan confirms without payment). */
export function SupportPlanPage({ planId }: { planId: string }) {
  return (
    <CatalogItemPage find={(catalog) => catalog.supportPlans.find((candidate) => candidate.id === planId)} notOnSale={<NotOnSale what="support plan" id={planId} back="/orders/support" />}>
      {(plan) => <SupportPlanDetail plan={plan} />}
    </CatalogItemPage>
  );
}

function SupportPlanDetail({ plan }: { plan: SupportPlan }) {
  const mayOrder = useMayOrder();
  const current = useCurrentSupport();
  const [ordering, setOrdering] = useState(false);
  const isCurrent = current?.summary === `Support: ${plan.name}`;
  const free = plan.pricing.kind === 'fixed' && plan.pricing.monthlyCents === 0;
  return (
    <Stack gap="lg">
      <BackLink to="/orders/support">
        All support plans
      </BackLink>
      <PageHeader title={`${plan.name} support`} description={plan.description} actions={<PriceControls />} />
      <SupportPlanFacts plan={plan} />
      {isCurrent ? (
        <Alert color="blue" variant="light" data-testid="support-plan-current">
          Your organisation already subscribes to this plan.
        </Alert>
      ) : null}
      {mayOrder ? (
        <Group>
          <Button leftSection={<IconShoppingCart size={16} aria-hidden />} onClick={() => setOrdering(true)} data-testid="subscribe-plan">
            {free ? `Subscribe to ${plan.name} (free)` : `Subscribe to ${plan.name}`}
          </Button>
        </Group>
      ) : (
        <NotAllowedToOrder />
      )}
      <SectionCard id="your-orders" title={`Your ${plan.name} orders`}>
        <OrdersOf kind="support" name={plan.name} caption={`Your organisation's orders of the ${plan.name} support plan`} />
      </SectionCard>
      <PlaceOrderModal opened={ordering} onClose={() => setOrdering(false)} title={`Support: ${plan.name}`} lines={[{ kind: 'support', planId: plan.id }]} />
    </Stack>
  );
}
