import { LandingSection } from '../../components/landing-section';
import { TierList } from './tier-list';

export function ClusterTiersSection() {
  return (
    <LandingSection
      id="cluster-tiers"
      title="Cluster tiers"
      intro="From a sandbox for experiments to clusters sized for data analytics and AI/ML, every tier comes with a managed control plane and the same sovereignty guarantees. Pick a tier now and scale it as you grow."
    >
      <TierList />
    </LandingSection>
  );
}
