import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import { formatDate } from '../../lib/date-format';
import type { CatalogKubernetesVersion } from '../catalog';
import type { StepProps } from './draft-form';
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
  const draft = form.values;
  return (
    <Radio.Group
      label="Kubernetes version"
      description="Patch releases of the minor you choose are applied in your maintenance window when automatic upgrades are on."
      value={draft.kubernetesVersion || null}
      onChange={(value) => {
        dispatch({ type: 'setVersion', version: value });
        form.clearFieldError('kubernetesVersion');
      }}
      error={form.errors.kubernetesVersion}
      data-path="kubernetesVersion"
    >
      <Stack gap="sm" mt="sm">
        {catalog.kubernetesVersions.map((version) => {
          const kind = classification(version);
          return (
            <Radio.Card
              key={version.version}
              value={version.version}
              radius="md"
              p="md"
              aria-labelledby={`version-${version.version}-name`}
              aria-describedby={`version-${version.version}-facts`}
              data-testid="version-option"
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={4} />
                <Stack gap={4} style={{ flexGrow: 1 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={700} id={`version-${version.version}-name`}>
                      Kubernetes {version.version}
                      {version.patch !== null ? ` (${version.version}.${version.patch})` : ''}
                    </Text>
                    <SoftBadge color={kind.color} size="sm">
                      {kind.label}
                    </SoftBadge>
                    {version.isDefault ? (
                      <Badge variant="outline" size="sm">
                        Recommended
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm" c="dimmed" id={`version-${version.version}-facts`}>
                    {kind.note}
                    {version.endOfSupportAt !== null ? ` Supported until ${formatDate(version.endOfSupportAt)}.` : ''}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}
