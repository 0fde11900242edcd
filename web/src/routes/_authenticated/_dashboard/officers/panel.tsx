import { createFileRoute } from '@tanstack/react-router';
import { OfficersPanelPage } from '../../../../features/catalog-admin';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/panel')({
  component: OfficersPanelPage,
});
