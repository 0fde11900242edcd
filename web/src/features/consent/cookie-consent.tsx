import {
  Affix,
  Anchor,
  Badge,
  Button,
  CloseButton,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { CONSENT_SCROLL_AREA_PX } from '@kubemarket/shared';
import { useEffect, useState } from 'react';
import { COOKIE_CATEGORIES } from './consent-categories';
import type { CookieCategory } from './consent-categories';
import { browserConsentStore } from './consent-store';
import type { ConsentChoices } from './consent-storage';
import { OPEN_COOKIE_PREFERENCES_EVENT } from './open-cookie-preferences';
import { useCookieConsent } from './use-cookie-consent';

interface CookieConsentProps {
  /** Show a close button on the banner; closing hides it for this page view without recording a choice. */
  closable?: boolean;
}

/**
 * SPEC.md section 4: the cookie banner and the cookie preferences dialog, on every page. The dialog
 * also opens on the window event 'openCookiePreferences' (see openCookiePreferences()).
 */
export function CookieConsent({ closable = true }: CookieConsentProps) {
  const consent = useCookieConsent();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [bannerClosed, setBannerClosed] = useState(false);

  useEffect(() => {
    // Optional cookies left from an earlier visit go as soon as the page knows they are not allowed.
    browserConsentStore().enforce();
    const open = () => setDialogOpen(true);
    window.addEventListener(OPEN_COOKIE_PREFERENCES_EVENT, open);
    return () => window.removeEventListener(OPEN_COOKIE_PREFERENCES_EVENT, open);
  }, []);

  const done = (action: () => void) => () => {
    action();
    setDialogOpen(false);
    setBannerClosed(false);
  };

  return (
    <>
      {consent.needsConsent && !bannerClosed && !dialogOpen ? (
        <ConsentBanner
          onAcceptAll={done(consent.acceptAll)}
          onRejectAll={done(consent.rejectAll)}
          onCustomize={() => setDialogOpen(true)}
          onClose={closable ? () => setBannerClosed(true) : undefined}
        />
      ) : null}
      <Modal
        opened={dialogOpen}
        onClose={() => setDialogOpen(false)}
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
        {dialogOpen ? (
          <PreferencesDialogBody
            initial={consent.choices}
            onSave={(choices) => done(() => consent.save(choices))()}
            onAcceptAll={done(consent.acceptAll)}
            onRejectAll={done(consent.rejectAll)}
            onReset={() => {
              consent.reset();
              setDialogOpen(false);
              setBannerClosed(false);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

interface ConsentBannerProps {
  onAcceptAll: () => void;
  onRejectAll: () => void;
  onCustomize: () => void;
  onClose?: () => void;
}

function ConsentBanner({ onAcceptAll, onRejectAll, onCustomize, onClose }: ConsentBannerProps) {
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={250}>
      <Paper
        withBorder
        shadow="lg"
        radius="md"
        p="md"
        maw={960}
        mx="auto"
        component="section"
        role="region"
        aria-label="Cookie consent"
        data-testid="cookie-banner"
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <Stack gap={6} style={{ flex: 1 }}>
            <Title order={2} size="h5">
              Your privacy, your choice
            </Title>
            <Text size="sm" c="dimmed">
              We use strictly necessary cookies to sign you in and keep the site secure. With your consent we also use
              functional, analytics and marketing cookies. Nothing optional is stored until you choose, and you can
              change your mind at any time.{' '}
              <Anchor component={Link} to="/cookie-policy" size="sm">
                Read our cookie policy
              </Anchor>
              .
            </Text>
            <Group gap="xs" mt={4}>
              <Button size="xs" onClick={onAcceptAll} data-testid="cookie-accept-all">
                Accept All
              </Button>
              <Button size="xs" variant="default" onClick={onRejectAll} data-testid="cookie-reject-all">
                Reject All
              </Button>
              <Button size="xs" variant="subtle" onClick={onCustomize} data-testid="cookie-customize">
                Customize
              </Button>
            </Group>
          </Stack>
          {onClose ? <CloseButton aria-label="Close cookie banner" onClick={onClose} /> : null}
        </Group>
      </Paper>
    </Affix>
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
              <Table.Tr key={example.name}>
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
