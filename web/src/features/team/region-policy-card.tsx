import { regionPolicySchema, roleCan, type OrganizationRole } from '@kubemarket/shared';
import { Button, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorAlert } from '../../components/error-alert';
import { SectionCard } from '../../components/section-card';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';

/**
 * Settings → Team: where the organisation's clusters may run (issue 34). Owners and administrators
 * restrict it to regions with EU-only access (only people in the EU reach the data); the
 * configurator then offers only those, and the server refuses an order elsewhere. Others read it.
 */
export function RegionPolicyCard({ role }: { role: OrganizationRole }) {
  const trpc = useTRPC();
  const policy = useQuery(trpc.team.regionPolicy.queryOptions());
  const mayChange = roleCan(role, 'clusters:manage');
  return (
    <SectionCard
      id="region-policy"
      title="Regions"
      description="Restrict your organisation to regions with EU-only access: only people in the EU, our support and operations staff included, can reach your data there. Existing clusters stay where they are."
    >
      {policy.data ? (
        mayChange ? (
          <RegionPolicyForm euOnlyRegions={policy.data.euOnlyRegions} />
        ) : (
          <Text size="sm" data-testid="region-policy-state">
            {policy.data.euOnlyRegions ? 'Your organisation orders only in regions with EU-only access.' : 'Your organisation orders in every region.'} Owners and administrators change this.
          </Text>
        )
      ) : (
        <Skeleton height={36} aria-label="Loading the region policy" />
      )}
    </SectionCard>
  );
}

function RegionPolicyForm({ euOnlyRegions }: { euOnlyRegions: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.team.setRegionPolicy.mutationOptions());
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: regionPolicySchema,
    initialValues: { euOnlyRegions },
    mode: 'controlled',
    submit: (input) => save.mutateAsync(input),
    success: (saved) => ({ title: 'Region policy saved', description: saved.euOnlyRegions ? 'New clusters go only to regions with EU-only access.' : 'New clusters may go to every region.', variant: 'success' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.team.regionPolicy.queryKey() }),
  });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} data-testid="region-policy-form">
      <Stack gap="sm">
        <ErrorAlert>{error}</ErrorAlert>
        <Switch label="Only regions with EU-only access" description="The configurator disables the other regions, with the reason." key={form.key('euOnlyRegions')} {...form.getInputProps('euOnlyRegions', { type: 'checkbox' })} data-testid="region-policy-switch" />
        <Group>
          <Button type="submit" loading={submitting} disabled={form.values.euOnlyRegions === euOnlyRegions} data-testid="region-policy-save">
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
