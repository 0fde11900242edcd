import { createFileRoute } from '@tanstack/react-router';
import { WorkloadMigrationPage } from '../features/public/workload-migration-page';

export const Route = createFileRoute('/workload-migration')({
  component: WorkloadMigrationPage,
});
