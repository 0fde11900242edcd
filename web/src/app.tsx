import { MantineProvider } from '@mantine/core';
import type { MantineColorSchemeManager } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '@kubemarket/api';
import { StrictMode } from 'react';
import { PreferencesProvider } from './features/preferences';
import { ToastRegion } from './features/shell';
import { TRPCProvider } from './lib/trpc';
import type { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  queryClient: QueryClient;
  trpcClient: TRPCClient<AppRouter>;
  colorSchemeManager: MantineColorSchemeManager;
}

/**
 * The whole client tree, rendered by the browser (main.tsx) and, for the public pages, ahead of
 * time at build (prerender.tsx): both must render the same tree for the browser to hydrate it.
 */
export function App({ router, queryClient, trpcClient, colorSchemeManager }: AppProps) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
        <ToastRegion />
        <QueryClientProvider client={queryClient}>
          <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
            <PreferencesProvider>
              {/* Tooltip groups (the skip delay of docs/product/constants.md#tooltips) are in the header's controls and the signed-in layout. */}
              <RouterProvider router={router} />
            </PreferencesProvider>
          </TRPCProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
