import { createFileRoute, notFound } from '@tanstack/react-router';
import { loadTutorial, TutorialPage } from '../../features/public';

export const Route = createFileRoute('/tutorials/$slug')({
  // The tutorials' text loads with the page that shows one, not with every page's route tree.
  loader: async ({ params }) => {
    const tutorial = await loadTutorial(params.slug);
    if (!tutorial) throw notFound();
    return tutorial;
  },
  component: TutorialRoute,
});

function TutorialRoute() {
  const tutorial = Route.useLoaderData();
  return <TutorialPage tutorial={tutorial} />;
}
