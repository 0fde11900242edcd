import { Center, Loader, Stack, Text } from '@mantine/core';

export type LoadingScreenSize = 'sm' | 'md' | 'lg';

/** docs/product/states.md#sign-in-gate: the texts the sign-in gate shows while the user loads, by layout size. */
export const LOADING_SCREEN_TEXT: Record<LoadingScreenSize, string> = {
  sm: 'Loading...',
  md: 'Loading dashboard...',
  lg: 'Loading configuration...',
};

const MIN_HEIGHT: Record<LoadingScreenSize, string> = { sm: '40vh', md: '60vh', lg: '75vh' };
const TEXT_SIZE: Record<LoadingScreenSize, 'sm' | 'md' | 'lg'> = { sm: 'sm', md: 'md', lg: 'lg' };

interface LoadingScreenProps {
  size?: LoadingScreenSize;
}

export function LoadingScreen({ size = 'sm' }: LoadingScreenProps) {
  return (
    <Center mih={MIN_HEIGHT[size]} py="xl">
      <Stack align="center" gap="sm" role="status" aria-live="polite" data-testid="loading-screen">
        <Loader size={size} />
        <Text size={TEXT_SIZE[size]} c="dimmed">
          {LOADING_SCREEN_TEXT[size]}
        </Text>
      </Stack>
    </Center>
  );
}
