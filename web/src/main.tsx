import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './lib/query-client';
import { TRPCProvider, createTrpcClient, createTrpcOptionsProxy } from './lib/trpc';
import { PreferencesProvider, themeColorSchemeManager } from './features/preferences';
import { exchangeRatesQueryOptions } from './features/pricing';
import { ToastRegion } from './features/shell';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

const queryClient = createQueryClient();
// SPEC.md section 4: the currency rates are loaded at startup.
void queryClient.prefetchQuery(exchangeRatesQueryOptions());
const colorSchemeManager = themeColorSchemeManager();
const trpcClient = createTrpcClient();
const router = createAppRouter({
  queryClient,
  trpc: createTrpcOptionsProxy(trpcClient, queryClient),
});

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('The #root element is missing from index.html');
}

createRoot(rootElement).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <ToastRegion />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <PreferencesProvider>
            {/* Tooltip groups (SPEC.md section 9's skip delay) are in the header's controls and the signed-in layout. */}
            <RouterProvider router={router} />
          </PreferencesProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
