import autoscaling from './autoscaling.json';
import deployFirstApplication from './deploy-first-application.json';
import gitopsArgoCd from './gitops-argo-cd.json';
import networkPolicies from './network-policies.json';
import postgresqlCloudNativePg from './postgresql-cloudnativepg.json';
import type { Tutorial } from './tutorial-types';

export type { Tutorial, TutorialBlock } from './tutorial-types';

/** Every published tutorial, beginner first: one content file each, checked against Tutorial by tutorials.test.ts. */
export const TUTORIALS = [deployFirstApplication, autoscaling, postgresqlCloudNativePg, gitopsArgoCd, networkPolicies] as readonly Tutorial[];

export function findTutorial(slug: string): Tutorial | undefined {
  return TUTORIALS.find((tutorial) => tutorial.slug === slug);
}
