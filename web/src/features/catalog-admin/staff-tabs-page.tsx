import { Tabs } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { tabFrom } from './catalog-admin-tabs';
import { PanelHeading } from './panel-heading';
import { StaffPage } from '../officers';

export interface StaffTab<T extends string> {
  value: T;
  /** The tab's name, and its list's heading. */
  label: string;
  icon: Icon;
  /** What the tab's list holds, under its heading. */
  text: string;
  panel: ReactNode;
}

interface StaffTabsPageProps<T extends string> {
  title: string;
  description: string;
  tabs: readonly StaffTab<T>[];
  /** The open tab; the first by default. */
  tab: T | undefined;
  onTabChange: (tab: T) => void;
}

/** A staff catalogue page of several lists, one tab each, the open one named in the address. */
export function StaffTabsPage<T extends string>({ title, description, tabs, tab, onTabChange }: StaffTabsPageProps<T>) {
  const values = tabs.map((item) => item.value);
  return (
    <StaffPage title={title} description={description}>
      <Tabs
        value={tab ?? values[0]}
        onChange={(value) => {
          const next = tabFrom(values, value);
          if (next) onTabChange(next);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          {tabs.map(({ value, label, icon: TabIcon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} />}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map(({ value, label, text, panel }) => (
          <Tabs.Panel key={value} value={value}>
            <PanelHeading title={label} text={text} />
            {panel}
          </Tabs.Panel>
        ))}
      </Tabs>
    </StaffPage>
  );
}
