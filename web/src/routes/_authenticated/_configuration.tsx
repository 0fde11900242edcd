import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SlideTransition } from '../../features/shell';

/** Pathless layout of the cluster configuration pages (docs/product/screens.md#signed-in-layouts, configuration layout). */
export const Route = createFileRoute('/_authenticated/_configuration')({
  component: ConfigurationLayout,
});

function ConfigurationLayout() {
  return (
    <SlideTransition>
      <Outlet />
    </SlideTransition>
  );
}
