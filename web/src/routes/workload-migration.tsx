import { createFileRoute } from '@tanstack/react-router';
import { WorkloadMigrationPage } from '../features/public';

export const Route = createFileRoute('/workload-migration')({
  component: WorkloadMigrationPage,
});
