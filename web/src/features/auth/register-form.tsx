import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { registrationFormSchema } from '@kubemarket/shared';
import { NewPasswordFields } from '../../components/new-password-fields';
import { countryOptions } from '../../lib/countries';
import { useSchemaForm } from '../../lib/use-schema-form';
import { AuthForm } from './auth-form';
import { useRegister } from './use-sign-in';

export function RegisterForm() {
  const register = useRegister();
  // A refusal is said by a toast (useRegister).
  const schemaForm = useSchemaForm({
    schema: registrationFormSchema,
    initialValues: { name: '', email: '', username: '', companyName: '', countryCode: 'FR', vatNumber: '', password: '', confirmPassword: '' },
    submit: (_parsed, values) =>
      register.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        username: values.username.trim(),
        companyName: values.companyName.trim(),
        countryCode: values.countryCode,
        vatNumber: values.vatNumber.trim() || null,
        password: values.password,
      }),
  });
  const { form } = schemaForm;

  return (
    <AuthForm schemaForm={schemaForm} submitLabel="Create account" testId="register-form">
      <TextInput
        label="Full name"
        autoComplete="name"
        required
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Work email"
        type="email"
        autoComplete="email"
        placeholder="you@company.eu"
        required
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label="Username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          required
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Company name"
          autoComplete="organization"
          required
          key={form.key('companyName')}
          {...form.getInputProps('companyName')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select
          label="Country"
          description="Where your company is established: it decides the VAT on your invoices."
          data={countryOptions()}
          searchable
          allowDeselect={false}
          required
          key={form.key('countryCode')}
          {...form.getInputProps('countryCode')}
        />
        <TextInput
          label="EU VAT number"
          description="Optional. Checked with the EU register; a business outside France is then invoiced without VAT (reverse charge)."
          placeholder="e.g. DE123456789"
          autoCapitalize="characters"
          spellCheck={false}
          key={form.key('vatNumber')}
          {...form.getInputProps('vatNumber')}
        />
      </SimpleGrid>
      <NewPasswordFields form={form} labels={{ password: 'Password', confirmation: 'Confirm password' }} />
      <Text size="xs" c="dimmed">
        Your company becomes an organisation on KubeMarket. Our team reviews new organisations before their first
        order; you can explore the console and configure clusters meanwhile.
      </Text>
    </AuthForm>
  );
}
