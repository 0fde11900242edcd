import { Badge, Stack, Text } from '@mantine/core';
import { formatDate } from '../../lib/date-format';
import type { CatalogKubernetesVersion } from '../catalog';
import type { StepProps } from './draft-form';
import { ChoiceCard, StepChoices } from './choice-card';
import { SoftBadge } from './soft-badge';

const CLASSIFICATIONS: Record<string, { label: string; color: string; note: string }> = {
  supported: { label: 'Supported', color: 'teal', note: 'Receives patch releases and security fixes.' },
  preview: { label: 'Preview', color: 'violet', note: 'The newest minor: try it before it becomes the default. Some add-ons may not support it yet.' },
  deprecated: { label: 'Deprecated', color: 'orange', note: 'Nearing the end of its support: plan an upgrade.' },
};

function classification(version: CatalogKubernetesVersion) {
  return CLASSIFICATIONS[version.classification] ?? { label: version.classification, color: 'gray', note: '' };
}

/** Step 3: the Kubernetes minor the cluster starts on. */
export function VersionStep({ form, catalog, dispatch }: StepProps) {
  return (
    <StepChoices
      form={form}
      field="kubernetesVersion"
      label="Kubernetes version"
      description="Patch releases of the minor you choose are applied in your maintenance window when automatic upgrades are on."
      onChoose={(version) => dispatch({ type: 'setVersion', version })}
    >
      <Stack gap="sm" mt="sm">
        {catalog.kubernetesVersions.map((version) => {
          const kind = classification(version);
          return (
            <ChoiceCard
              key={version.version}
              value={version.version}
              id={`version-${version.version}`}
              title={`Kubernetes ${version.version}${version.patch !== null ? ` (${version.version}.${version.patch})` : ''}`}
              badges={
                <>
                  <SoftBadge color={kind.color} size="sm">
                    {kind.label}
                  </SoftBadge>
                  {version.isDefault ? (
                    <Badge variant="outline" size="sm">
                      Recommended
                    </Badge>
                  ) : null}
                </>
              }
              spread={false}
              testId="version-option"
            >
              <Text size="sm" c="dimmed" id={`version-${version.version}-facts`}>
                {kind.note}
                {version.endOfSupportAt !== null ? ` Supported until ${formatDate(version.endOfSupportAt)}.` : ''}
              </Text>
            </ChoiceCard>
          );
        })}
      </Stack>
    </StepChoices>
  );
}
