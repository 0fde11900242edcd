import { Group, Radio, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DraftForm } from './draft-form';

interface ChoiceCardProps {
  value: string;
  /** Prefix of the ids naming the card: `<id>-name` (its title) and `<id>-facts` (the element the caller gives that id). */
  id: string;
  title: ReactNode;
  /** Beside the title (a status, an SLA): at the far right unless `spread` is false. */
  badges?: ReactNode;
  spread?: boolean;
  gap?: number;
  testId?: string;
  /** Not on offer to this customer; the facts say why. */
  disabled?: boolean;
  /** Under the title: the price, and the facts (`<id>-facts`). */
  children: ReactNode;
}

/** One choice of a configuration step (a tier, a region, a version, a network plugin): a radio card named by its title, described by its facts. */
export function ChoiceCard({ value, id, title, badges, spread = true, gap = 4, testId, disabled, children }: ChoiceCardProps) {
  const name = (
    <Text fw={700} id={`${id}-name`}>
      {title}
    </Text>
  );
  return (
    <Radio.Card value={value} radius="md" p="md" aria-labelledby={`${id}-name`} aria-describedby={`${id}-facts`} data-testid={testId} disabled={disabled} style={disabled ? { cursor: 'not-allowed' } : undefined}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator mt={4} />
        <Stack gap={gap} style={{ flexGrow: 1 }}>
          {badges ? (
            <Group justify={spread ? 'space-between' : undefined} wrap="wrap" gap="xs">
              {name}
              {badges}
            </Group>
          ) : (
            name
          )}
          {children}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

interface StepChoicesProps {
  form: DraftForm;
  /** The draft's field the choice sets, and where its error is shown. */
  field: 'tierId' | 'regionId' | 'kubernetesVersion';
  label: string;
  description: string;
  /** Applies the choice to the draft; the field's error then goes. */
  onChoose: (value: string) => void;
  testId?: string;
  /** The choice cards. */
  children: ReactNode;
}

/** A step's one choice among cards (a tier, a region, a version), with its error. */
export function StepChoices({ form, field, label, description, onChoose, testId, children }: StepChoicesProps) {
  return (
    <Radio.Group
      label={label}
      description={description}
      value={form.values[field] || null}
      onChange={(value) => {
        onChoose(value);
        form.clearFieldError(field);
      }}
      error={form.errors[field]}
      data-path={field}
      data-testid={testId}
    >
      {children}
    </Radio.Group>
  );
}
