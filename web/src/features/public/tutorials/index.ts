import { autoscaling } from './autoscaling';
import { deployFirstApplication } from './deploy-first-application';
import { gitopsArgoCd } from './gitops-argo-cd';
import { networkPolicies } from './network-policies';
import { postgresqlCloudNativePg } from './postgresql-cloudnativepg';
import type { Tutorial } from './tutorial-types';

export type { Tutorial, TutorialBlock } from './tutorial-types';

/** Every published tutorial, beginner first. */
export const TUTORIALS: readonly Tutorial[] = [deployFirstApplication, autoscaling, postgresqlCloudNativePg, gitopsArgoCd, networkPolicies];

export function findTutorial(slug: string): Tutorial | undefined {
  return TUTORIALS.find((tutorial) => tutorial.slug === slug);
}
