import { createFileRoute, notFound } from '@tanstack/react-router';
import { TutorialPage, findTutorial } from '../../features/public';

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
