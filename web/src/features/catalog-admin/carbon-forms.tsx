import { NumberInput, SimpleGrid, Switch, TagsInput, TextInput } from '@mantine/core';
import type { AdminPowerFactor, AdminRegion } from './catalog-admin-types';
import { powerFactorCodec, regionCodec } from './carbon-form-values';
import { CatalogFormShell, KeyInput, WholeInput } from './form-inputs';
import { useCatalogForm } from './use-catalog-form';

/** A region's jurisdiction (operator, law, EU-only access, certifications) and carbon figures, each figure with its source and year. */
export function RegionForm({ region, onDone }: { region: AdminRegion; onDone: () => void }) {
  const { formRef, ...state } = useCatalogForm(regionCodec, region, onDone, { nameOf: () => region.name });
  const { form } = state;
  return (
    <CatalogFormShell state={state} formRef={formRef} testId="region-form" createLabel="Save changes">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Operator" description="The company that runs the data centre." required {...form.getInputProps('operator')} />
        <TextInput label="Law" description='The law the site and its operator are under, e.g. "French law".' required {...form.getInputProps('jurisdiction')} />
      </SimpleGrid>
      <Switch label="EU-only access" description="Only people in the EU, support and operations staff included, can reach customer data here." {...form.getInputProps('euOnlyAccess', { type: 'checkbox' })} />
      <TagsInput label="Certifications" description="Held by the site itself; press Enter after each." {...form.getInputProps('certifications')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput label="PUE" description="Power usage effectiveness, e.g. 1.58." required decimalScale={3} min={1} max={3} {...form.getInputProps('pue')} />
        <WholeInput label="Grid intensity (g CO₂e/kWh)" required min={0} max={2_000} {...form.getInputProps('gridGramsPerKwh')} />
        <TextInput label="Grid intensity source" description="A new figure needs its source or year." required {...form.getInputProps('gridSource')} />
        <WholeInput label="Grid intensity year" required min={1990} max={2100} {...form.getInputProps('gridYear')} />
      </SimpleGrid>
    </CatalogFormShell>
  );
}

/** A power factor of the carbon model: watts per vCPU, per GB of memory or per GPU card, with its source and year. */
export function PowerFactorForm({ factor, onDone }: { factor: AdminPowerFactor | null; onDone: () => void }) {
  const { formRef, ...state } = useCatalogForm(powerFactorCodec, factor, onDone);
  const { form } = state;
  return (
    <CatalogFormShell state={state} formRef={formRef} testId="power-factor-form" createLabel="Add factor">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <KeyInput label="Factor" editing={state.editing} hint="gpu: and the GPU model exactly as node flavours name it, e.g. gpu:NVIDIA B200." fixed="Factors never change their id." {...form.getInputProps('id')} />
        <TextInput label="Label" required {...form.getInputProps('label')} />
        <NumberInput label="Average power (W per unit)" description="Per vCPU, per GB or per card." required decimalScale={3} min={0} {...form.getInputProps('watts')} />
        <WholeInput label="Year" required min={1990} max={2100} {...form.getInputProps('year')} />
      </SimpleGrid>
      <TextInput label="Source" description="The publication or datasheet, findable by its name. A new figure needs its source or year." required {...form.getInputProps('source')} />
    </CatalogFormShell>
  );
}
