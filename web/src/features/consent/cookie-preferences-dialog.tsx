import { Badge, Button, Group, ScrollArea, Stack, Switch, Table, Tabs, Text } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { CONSENT_SCROLL_AREA_PX } from '@kubemarket/shared';
import { useState } from 'react';
import { COOKIE_CATEGORIES } from './consent-categories';
import type { CookieCategory } from './consent-categories';
import type { ConsentChoices } from './consent-storage';
import { Modal } from '../../components/overlays';

interface CookiePreferencesDialogProps extends PreferencesDialogBodyProps {
  opened: boolean;
  onClose: () => void;
}

/** docs/product/states.md#cookie-consent: the cookie preferences dialog (settings and details tabs). */
export function CookiePreferencesDialog({ opened, onClose, ...body }: CookiePreferencesDialogProps) {
  return (
  <Modal
    opened={opened}
    onClose={onClose}
    title={
      <Group gap="xs">
        <IconCookie size={20} stroke={1.6} aria-hidden />
        <Text fw={700}>Cookie preferences</Text>
      </Group>
    }
    size="lg"
    centered
    data-testid="cookie-preferences-dialog"
  >
    {opened ? <PreferencesDialogBody {...body} /> : null}
  </Modal>
  );
}

interface PreferencesDialogBodyProps {
  initial: ConsentChoices;
  onSave: (choices: ConsentChoices) => void;
  onAcceptAll: () => void;
  onRejectAll: () => void;
  onReset: () => void;
}

function PreferencesDialogBody({ initial, onSave, onAcceptAll, onRejectAll, onReset }: PreferencesDialogBodyProps) {
  const [choices, setChoices] = useState<ConsentChoices>(initial);

  return (
    <Stack gap="md">
      <Tabs defaultValue="settings">
        <Tabs.List>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
          <Tabs.Tab value="details">Details</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settings" pt="md">
          <ScrollArea h={CONSENT_SCROLL_AREA_PX} offsetScrollbars type="auto">
            <Stack gap="lg">
              <Text size="sm" c="dimmed">
                Choose which optional cookies we may use. Strictly necessary cookies are always on because the site
                cannot work without them.
              </Text>
              {COOKIE_CATEGORIES.map((category) => (
                <CategoryToggle
                  key={category.id}
                  category={category}
                  checked={category.id === 'necessary' ? true : choices[category.id]}
                  onChange={(checked) => {
                    if (category.id !== 'necessary') setChoices((previous) => ({ ...previous, [category.id]: checked }));
                  }}
                />
              ))}
            </Stack>
          </ScrollArea>
        </Tabs.Panel>
        <Tabs.Panel value="details" pt="md">
          <ScrollArea h={CONSENT_SCROLL_AREA_PX} offsetScrollbars type="auto">
            <Stack gap="lg">
              {COOKIE_CATEGORIES.map((category) => (
                <CategoryExamples key={category.id} category={category} />
              ))}
            </Stack>
          </ScrollArea>
        </Tabs.Panel>
      </Tabs>
      <Group justify="space-between" gap="xs">
        <Button variant="subtle" color="gray" onClick={onReset} data-testid="cookie-reset">
          Reset
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={onRejectAll}>
            Reject All
          </Button>
          <Button variant="default" onClick={onAcceptAll}>
            Accept All
          </Button>
          <Button onClick={() => onSave(choices)} data-testid="cookie-save">
            Save Preferences
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

function CategoryToggle({ category, checked, onChange }: { category: CookieCategory; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
      <Stack gap={4} style={{ flex: 1 }}>
        <Group gap="xs">
          <Text fw={600} size="sm" id={`cookie-category-${category.id}`}>
            {category.title}
          </Text>
          {category.required ? (
            <Badge size="xs" variant="light" color="gray">
              Always on
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {category.description}
        </Text>
      </Stack>
      <Switch
        checked={checked}
        disabled={category.required}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-labelledby={`cookie-category-${category.id}`}
        data-testid={`cookie-toggle-${category.id}`}
      />
    </Group>
  );
}

/** The examples table of one category: used by the dialog's Details tab and by the cookie policy page. */
export function CategoryExamples({ category }: { category: CookieCategory }) {
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {category.title}
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table striped withTableBorder fz="xs" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Provider</Table.Th>
              <Table.Th>Purpose</Table.Th>
              <Table.Th>Duration</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {category.examples.map((example) => (
              <Table.Tr key={`${example.name} ${example.provider}`}>
                <Table.Td ff="monospace">{example.name}</Table.Td>
                <Table.Td>{example.provider}</Table.Td>
                <Table.Td>{example.purpose}</Table.Td>
                <Table.Td>{example.duration}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
