import { Outlet, createFileRoute } from '@tanstack/react-router';
import { SlideTransition } from '../../features/shell';

/** Pathless layout of the cluster configuration pages (SPEC.md section 2, configuration layout). */
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
