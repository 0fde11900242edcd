import { createFileRoute } from '@tanstack/react-router';
import { AddOnsPage } from '../../../features/catalog-browse';

export const Route = createFileRoute('/_authenticated/_dashboard/add-ons')({
  component: AddOnsPage,
});
