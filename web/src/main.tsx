import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './lib/query-client';
import { TRPCProvider, createTrpcClient, createTrpcOptionsProxy } from './lib/trpc';
import notificationClasses from './features/shell/notifications.module.css';
import { createAppRouter } from './router';
import { theme } from './theme';

const queryClient = createQueryClient();
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
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <Notifications position="top-right" limit={3} autoClose={5000} classNames={notificationClasses} />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
