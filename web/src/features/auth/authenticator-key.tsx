import { Button, Code, CopyButton, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';

export interface AuthenticatorSetup {
  secret: string;
  otpauthUri: string;
}

const QR_SIZE = 200;

/** Draws the otpauth:// URI as a PNG data URL; the QR library loads only when a set-up needs it. */
async function qrCodeImage(uri: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(uri, { margin: 1, width: QR_SIZE, errorCorrectionLevel: 'M' });
}

/**
 * The new authenticator secret of a TOTP set-up: as a QR code to scan and as a key to type, with a
 * copy button. Used by the settings page and by the staff set-up step of signing in.
 */
export function AuthenticatorKey({ setup }: { setup: AuthenticatorSetup }) {
  // The URI holds the secret: keep the image only while this screen needs it.
  const qrCode = useQuery({
    queryKey: ['totp-qr-code', setup.otpauthUri],
    queryFn: () => qrCodeImage(setup.otpauthUri),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  return (
    <Group align="flex-start" gap="lg">
      {qrCode.data ? (
        <Image
          src={qrCode.data}
          w={QR_SIZE}
          h={QR_SIZE}
          radius="sm"
          alt="QR code that adds KubeMarket to your authenticator app"
          data-testid="totp-qr"
        />
      ) : qrCode.error ? (
        <Text size="sm" c="red" maw={QR_SIZE} role="alert">
          The QR code could not be drawn. Type the setup key into your app instead.
        </Text>
      ) : (
        <Skeleton w={QR_SIZE} h={QR_SIZE} radius="sm" aria-label="Drawing the QR code" />
      )}
      <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
        <Text size="sm" fw={500} id="totp-secret-label">
          Setup key
        </Text>
        <Code
          block
          fz="sm"
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          aria-labelledby="totp-secret-label"
          data-testid="totp-secret"
        >
          {setup.secret}
        </Code>
        <Group gap="xs">
          <CopyButton value={setup.secret}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="default"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                aria-label={copied ? 'Setup key copied' : 'Copy the setup key'}
              >
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="xs" c="dimmed">
          Time-based, 6 digits, every 30 seconds.
        </Text>
      </Stack>
    </Group>
  );
}
