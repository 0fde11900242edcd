import { createFileRoute, notFound } from '@tanstack/react-router';
import { TutorialPage } from '../../features/public/tutorial-page';
import { findTutorial } from '../../features/public/tutorials';

export const Route = createFileRoute('/tutorials/$slug')({
  loader: ({ params }) => {
    const tutorial = findTutorial(params.slug);
    if (!tutorial) throw notFound();
    return tutorial;
  },
  component: TutorialRoute,
});

function TutorialRoute() {
  const tutorial = Route.useLoaderData();
  return <TutorialPage tutorial={tutorial} />;
}
