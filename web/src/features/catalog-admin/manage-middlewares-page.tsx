import { Button, Stack, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { MIDDLEWARE_CATEGORY_LABELS } from './catalog-admin-options';
import { useAdminMiddlewares, useRegions } from './catalog-admin-queries';
import type { AdminMiddleware } from './catalog-admin-types';
import { namesOf } from './catalog-display';
import { CatalogList } from './catalog-list';
import { NameCell, STATUS_COLUMN } from './catalog-table';
import { MiddlewareForm } from './middleware-form';
import { PlansPanel } from './plans-panel';
import { StaffPage } from '../officers';

/** Staff editing of the managed data services and their plans. */
export function ManageMiddlewaresPage() {
  return (
    <StaffPage
      title="Manage Middlewares"
      description="The managed data services customers order beside their clusters, and the plans (sizes and prices) of each. Price changes apply from the date you choose; existing orders keep the price they were ordered at. Every change is recorded in the audit log."
    >
      <MiddlewaresList />
    </StaffPage>
  );
}

function MiddlewaresList() {
  const middlewares = useAdminMiddlewares();
  const regions = useRegions();
  const [planned, setPlanned] = useState<string | null>(null);
  const plansOf = middlewares.data?.find((middleware) => middleware.id === planned) ?? null;

  return (
    <Stack gap="lg">
      <CatalogList<AdminMiddleware>
        noun="middlewares"
        label="Middlewares"
        query={middlewares}
        searchText={(middleware) => [middleware.name, middleware.id, middleware.engine, middleware.description, MIDDLEWARE_CATEGORY_LABELS[middleware.category]]}
        columns={[
          {
            header: 'Middleware',
            td: { maw: 300 },
            cell: (middleware) => <NameCell name={middleware.name} id={middleware.id} detail={`${MIDDLEWARE_CATEGORY_LABELS[middleware.category]}, engine ${middleware.engine}`} />,
          },
          { header: 'Versions', cell: (middleware) => (middleware.versions.length ? middleware.versions.join(', ') : 'Versionless') },
          { header: 'Regions', td: { maw: 260 }, cell: (middleware) => <Text size="sm">{namesOf(middleware.regionIds, regions.names).join(', ')}</Text> },
          { header: 'Plans on sale', cell: (middleware) => middleware.planCount },
          STATUS_COLUMN,
        ]}
        minWidth={1000}
        keyOf={(middleware) => middleware.id}
        nameOf={(middleware) => middleware.name}
        create={{ label: 'Create middleware', title: 'Create a middleware' }}
        form={(middleware, onDone) => <MiddlewareForm middleware={middleware} regionOptions={regions.options} onDone={onDone} />}
        archiving={{ noun: 'middleware', procedures: (client) => client.catalogAdmin.middlewares, note: 'Its plans go off sale with it, and come back with it.' }}
        rowActions={(middleware) => (
          <Button
            size="compact-sm"
            variant={planned === middleware.id ? 'filled' : 'default'}
            color={planned === middleware.id ? 'blue.9' : undefined}
            leftSection={<IconListDetails size={14} />}
            onClick={() => setPlanned(middleware.id)}
            aria-label={`Plans of ${middleware.name}`}
            aria-pressed={planned === middleware.id}
          >
            Plans
          </Button>
        )}
      />
      {plansOf ? (
        <PlansPanel middleware={plansOf} />
      ) : middlewares.data ? (
        <Text size="sm" c="dimmed">
          Choose Plans on a middleware to see and edit its plans.
        </Text>
      ) : null}
    </Stack>
  );
}
