import { createFileRoute } from '@tanstack/react-router';
import { CustomSolutionsPage } from '../../../features/custom-solutions';

export const Route = createFileRoute('/_authenticated/_dashboard/custom-solutions')({
  component: CustomSolutionsPage,
});
