import { AppShell, Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

const HEADER_HEIGHT = 60;

export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding={0}>
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <Box style={{ flex: 1 }}>{children}</Box>
        <Box component="footer" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <AppFooter />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
