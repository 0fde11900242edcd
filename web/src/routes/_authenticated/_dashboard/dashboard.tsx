import { Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { DashboardOverview } from '../../../features/dashboard';
import { YourMiddlewares } from '../../../features/middlewares';

export const Route = createFileRoute('/_authenticated/_dashboard/dashboard')({
  component: DashboardRoute,
});

function DashboardRoute() {
  return <DashboardOverview middlewares={<YourMiddlewares includeDeleted={false} empty={<Text size="sm">Your organisation runs no managed database, cache or queue yet.</Text>} />} />;
}
