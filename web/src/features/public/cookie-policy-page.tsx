import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { CategoryExamples, COOKIE_CATEGORIES, openCookiePreferences, useCookieConsent } from '../consent';
import { AnchorLink } from '../../components/router-links';
import { LEGAL_LAST_UPDATED } from './company';
import { Clause, Paragraph, PublicPage } from './public-page';

export function CookiePolicyPage() {
  const consent = useCookieConsent();
  const recordedAt = consent.record && !consent.needsConsent ? new Date(consent.record.timestamp) : null;

  return (
    <PublicPage eyebrow="Legal" title="Cookie policy" description={`Last updated: ${LEGAL_LAST_UPDATED}`} size="md">
      <Clause title="What cookies are">
        <Paragraph>
          Cookies are small files a website stores in your browser. Local storage works in a similar way. We use both:
          some are needed for the site to work, others only if you agree. Until you make a choice, we store nothing
          beyond what is strictly necessary.
        </Paragraph>
      </Clause>

      <Clause title="Your current choice">
        <Stack gap="sm">
          {recordedAt ? (
            <>
              <Text size="sm">Recorded on {recordedAt.toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' })}:</Text>
              <Group gap="xs" data-testid="consent-summary">
                {COOKIE_CATEGORIES.map((category) => {
                  const allowed = category.id === 'necessary' || consent.choices[category.id];
                  return (
                    <Badge key={category.id} color={allowed ? 'teal' : 'gray'} variant="light">
                      {category.title}: {allowed ? 'allowed' : 'refused'}
                    </Badge>
                  );
                })}
              </Group>
            </>
          ) : (
            <Text size="sm" data-testid="consent-summary">
              You have not made a choice yet: only strictly necessary cookies are used.
            </Text>
          )}
          <Group gap="sm">
            <Button onClick={openCookiePreferences}>Change cookie preferences</Button>
            <Button variant="default" onClick={consent.reset} disabled={!consent.record}>
              Reset my choice
            </Button>
          </Group>
        </Stack>
      </Clause>

      {COOKIE_CATEGORIES.map((category) => (
        <Clause key={category.id} id={`cookies-${category.id}`} title={category.title}>
          <Paragraph>{category.description}</Paragraph>
          <Text size="sm" c="dimmed">
            {category.required ? 'Always active.' : 'Active only with your consent; refusing deletes them.'}
          </Text>
          <CategoryExamples category={category} />
        </Clause>
      ))}

      <Clause title="How long your choice is kept">
        <Paragraph>
          Your choice is kept in this browser until you reset it. We ask again when our list of cookies changes in a way
          that needs your consent, or if you clear your browser storage. Withdrawing consent is as easy as giving it: use
          the Cookie preferences link in the footer at any time.
        </Paragraph>
      </Clause>

      <Clause title="More information">
        <Paragraph>
          How we process personal data in general is explained in our <AnchorLink to="/privacy-policy">privacy policy</AnchorLink>.
          You can also block or delete cookies in your browser settings; the site keeps working with necessary cookies
          only.
        </Paragraph>
      </Clause>
    </PublicPage>
  );
}
