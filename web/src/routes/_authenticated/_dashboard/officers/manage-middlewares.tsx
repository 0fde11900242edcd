import { createFileRoute } from '@tanstack/react-router';
import { ManageMiddlewaresPage } from '../../../../features/catalog-admin';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/manage-middlewares')({
  component: ManageMiddlewaresPage,
});
