import { Alert, Button, Code, CopyButton, Group, Image, List, PasswordInput, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { passwordConfirmationInputSchema } from '@kubemarket/shared';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toDataURL } from 'qrcode';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useAccountProfile } from '../account';
import { totpCodeSchema } from '../auth';
import { SectionCard } from '../../components/section-card';
import { ErrorAlert } from '../../components/error-alert';

interface TotpSetup {
  secret: string;
  otpauthUri: string;
}

/** Two-step verification with an authenticator app (TOTP), and its one-time recovery codes. */
export function TwoFactorSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const profile = useAccountProfile();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = useMutation(trpc.security.totpSetup.mutationOptions({ onSuccess: setSetup }));
  const refreshProfile = () => queryClient.invalidateQueries({ queryKey: trpc.account.profile.queryKey() });

  const enabled = profile.data?.totpEnabled ?? false;

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (profile.isPending) {
    body = <Skeleton height={60} radius="md" />;
  } else if (profile.error) {
    body = <ErrorAlert>{profile.error.message}</ErrorAlert>;
  } else if (enabled) {
    body = <DisableTotp onDisabled={() => void refreshProfile()} />;
  } else if (setup) {
    body = (
      <TotpEnrolment
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
          void refreshProfile();
          notifications.show({ title: 'Two-step verification is on', message: 'Save your recovery codes now.', color: 'green' });
        }}
      />
    );
  } else {
    body = (
      <Stack gap="sm" align="flex-start">
        <ErrorAlert>{start.error?.message}</ErrorAlert>
        <Text size="sm">
          Besides your password, signing in will ask for a code from an authenticator app such as Aegis, FreeOTP,
          Google Authenticator or 1Password.
        </Text>
        <Button onClick={() => start.mutate()} loading={start.isPending} data-testid="totp-start">
          Set up two-step verification
        </Button>
      </Stack>
    );
  }

  return (
    <SectionCard
      id="two-factor"
      title="Two-step verification"
      description="Protects your account even if your password leaks."
      aside={
        profile.data ? (
          <Text size="sm" fw={600} c={enabled ? 'teal' : 'dimmed'} data-testid="totp-status">
            {enabled ? 'On' : 'Off'}
          </Text>
        ) : null
      }
    >
      {body}
    </SectionCard>
  );
}

function TotpEnrolment({ setup, onCancel, onEnabled }: { setup: TotpSetup; onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const trpc = useTRPC();
  // The URI holds the secret: keep the image only while this screen needs it.
  const qrCode = useQuery({
    queryKey: ['totp-qr-code', setup.otpauthUri],
    queryFn: () => toDataURL(setup.otpauthUri, { margin: 1, width: 200, errorCorrectionLevel: 'M' }),
    staleTime: Infinity,
    gcTime: 0,
  });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: schemaResolver(totpCodeSchema, { sync: true }),
  });
  const enable = useMutation(
    trpc.security.totpEnable.mutationOptions({
      onSuccess: (result) => onEnabled(result.recoveryCodes),
      onError: (error) => form.setFieldError('code', error.message),
    }),
  );

  return (
    <Stack gap="md">
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>Scan this QR code with your authenticator app, or type the key below into it.</List.Item>
        <List.Item>Enter the 6-digit code the app shows to finish.</List.Item>
      </List>
      <Group align="flex-start" gap="xl">
        {qrCode.data ? (
          <Image src={qrCode.data} w={200} h={200} radius="sm" alt="QR code to add KubeMarket to your authenticator app" data-testid="totp-qr" />
        ) : qrCode.error ? (
          <Text size="sm" c="red" maw={200}>
            The QR code could not be drawn. Type the key into your app instead.
          </Text>
        ) : (
          <Skeleton w={200} h={200} radius="sm" />
        )}
        <Stack gap="xs" style={{ flex: 1, minWidth: 220 }}>
          <Text size="sm" fw={500}>
            Setup key
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code fz="sm" style={{ wordBreak: 'break-all' }} data-testid="totp-secret">
              {setup.secret}
            </Code>
            <CopyButton value={setup.secret}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            Time-based, 6 digits, every 30 seconds.
          </Text>
          <form noValidate onSubmit={form.onSubmit((values) => enable.mutate({ code: values.code.replace(/\s+/g, '') }))}>
            <Stack gap="sm" mt="sm">
              <TextInput
                label="Code from the app"
                placeholder="123456"
                inputMode="numeric"
                autoComplete="one-time-code"
                maw={220}
                required
                key={form.key('code')}
                {...form.getInputProps('code')}
                data-testid="totp-code"
              />
              <Group gap="sm">
                <Button type="submit" loading={enable.isPending}>
                  Turn on
                </Button>
                <Button variant="subtle" color="gray" onClick={onCancel} disabled={enable.isPending}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Group>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`KubeMarket recovery codes\n\n${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'kubemarket-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Alert color="yellow" variant="light" icon={<IconShieldCheck size={18} />} title="Save your recovery codes">
        Each code signs you in once if you lose your authenticator. This is the only time they are shown: store them
        in your password manager or print them.
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
        {codes.map((code) => (
          <Code key={code} fz="sm" ta="center" py={6} data-testid="recovery-code">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download} leftSection={<IconDownload size={16} />}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </Group>
    </Stack>
  );
}

function DisableTotp({ onDisabled }: { onDisabled: () => void }) {
  const trpc = useTRPC();
  const [confirming, setConfirming] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: schemaResolver(passwordConfirmationInputSchema, { sync: true }),
  });
  const disable = useMutation(
    trpc.security.totpDisable.mutationOptions({
      onSuccess() {
        form.reset();
        setConfirming(false);
        onDisabled();
        notifications.show({ message: 'Two-step verification is off.', color: 'yellow' });
      },
    }),
  );

  if (!confirming) {
    return (
      <Group justify="space-between" gap="sm">
        <Text size="sm">Signing in asks for a code from your authenticator app or a recovery code.</Text>
        <Button variant="light" color="red" onClick={() => setConfirming(true)}>
          Turn off
        </Button>
      </Group>
    );
  }

  return (
    <form noValidate onSubmit={form.onSubmit((values) => disable.mutate({ password: values.password }))}>
      <Stack gap="sm">
        <ErrorAlert>{disable.error?.message}</ErrorAlert>
        <Text size="sm">Enter your password to turn two-step verification off. Your recovery codes stop working.</Text>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          maw={320}
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group gap="sm">
          <Button type="submit" color="red" loading={disable.isPending}>
            Turn off two-step verification
          </Button>
          <Button variant="subtle" color="gray" onClick={() => setConfirming(false)} disabled={disable.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
