import { createFileRoute } from '@tanstack/react-router';
import { ManageAddonsPage } from '../../../../features/catalog-admin';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/manage-addons')({
  component: ManageAddonsPage,
});
