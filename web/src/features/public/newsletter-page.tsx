import { Alert, Button, Card, Group, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { emailRequestInputSchema } from '@kubemarket/shared';
import { IconAlertCircle, IconCircleCheck, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useTokenAction } from '../../lib/use-token-action';
import { PageColumns, PublicPage } from './public-page';
import { ErrorAlert } from '../../components/error-alert';
import { useSchemaForm } from '../../lib/use-schema-form';

interface NewsletterPageProps {
  /** Confirmation token from the double opt-in email (?token=). */
  token?: string;
  /** Unsubscribe token from the welcome email (?unsubscribe=). */
  unsubscribeToken?: string;
}

const TOPICS = [
  'New regions, tiers and add-ons, before they are announced elsewhere',
  'Kubernetes release notes with what changes for your clusters',
  'Practical tutorials from our engineers',
  'Regulation news: GDPR, NIS2, DORA, HDS and the EU Data Act',
];

export function NewsletterPage({ token, unsubscribeToken }: NewsletterPageProps) {
  return (
    <PublicPage
      eyebrow="Newsletter"
      title="The KubeMarket newsletter"
      description="One email a month about sovereign cloud and Kubernetes in production. No tracking pixels, and one click to unsubscribe."
    >
      <PageColumns
        firstSpan={6}
        first={
          <Stack gap="md">
            <Title order={2} size="h4">
              What you will receive
            </Title>
            <List spacing="xs">
              {TOPICS.map((topic) => (
                <List.Item key={topic}>{topic}</List.Item>
              ))}
            </List>
            <Text size="sm" c="dimmed">
              We send the newsletter ourselves from our EU infrastructure. Your address is used for nothing else and is
              deleted when you unsubscribe.
            </Text>
          </Stack>
        }
        second={token ? <ConfirmSubscription token={token} /> : unsubscribeToken ? <Unsubscribe token={unsubscribeToken} /> : <SubscribeForm />}
      />
    </PublicPage>
  );
}

function SubscribeForm() {
  const trpc = useTRPC();
  const subscribe = useMutation(trpc.newsletter.subscribe.mutationOptions());
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: emailRequestInputSchema,
    initialValues: { email: '' },
    submit: (_parsed, values) => subscribe.mutateAsync({ email: values.email.trim() }),
  });

  if (subscribe.isSuccess) {
    return (
      <Card withBorder radius="md" padding="xl" data-testid="newsletter-sent">
        <Stack gap="sm" role="status">
          <Group gap="sm">
            <IconMailForward size={28} stroke={1.6} color="var(--mantine-color-teal-filled)" />
            <Title order={2} size="h3">
              Check your inbox
            </Title>
          </Group>
          <Text>
            We sent a confirmation link to <strong>{subscribe.variables.email}</strong>. Click it within 48 hours to start
            receiving the newsletter. Nothing is sent until you confirm.
          </Text>
          <Button variant="default" w="fit-content" onClick={() => subscribe.reset()}>
            Use another address
          </Button>
        </Stack>
      </Card>
    );
  }

  return (
    <Card withBorder radius="md" padding="xl">
      <form ref={formRef} noValidate onSubmit={onSubmit} data-testid="newsletter-form">
        <Stack gap="md">
          <Title order={2} size="h3">
            Subscribe
          </Title>
          <ErrorAlert>{error}</ErrorAlert>
          <TextInput label="Email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
          <Button type="submit" loading={submitting}>
            Subscribe
          </Button>
          <Text size="xs" c="dimmed">
            We will email you a link to confirm your subscription (double opt-in).
          </Text>
        </Stack>
      </form>
    </Card>
  );
}

/** What a link's single-use token is spent on (confirming, unsubscribing), as a mutation's state. */
interface TokenMutation {
  mutate: (input: { token: string }) => void;
  isSuccess: boolean;
  data?: { email: string | null };
  error: { message: string } | null;
}

interface EmailLinkProps {
  token: string;
  mutation: TokenMutation;
  /** Once done: the alert's title, its test id, and what it says after the address. */
  done: { title: string; testId: string; text: string };
  failedTitle: string;
  /** Under the refusal, e.g. the form to subscribe again. */
  afterFailure?: ReactNode;
  /** While the token is spent: "Unsubscribing...". */
  pending: string;
}

/** A link from one of the newsletter's emails: its token spent once as the page opens, then what came of it. */
function EmailLink({ token, mutation, done, failedTitle, afterFailure, pending }: EmailLinkProps) {
  useTokenAction(token, (value) => mutation.mutate({ token: value }));

  if (mutation.isSuccess) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title={done.title} data-testid={done.testId}>
        <strong>{mutation.data?.email}</strong> {done.text}
      </Alert>
    );
  }
  if (mutation.error) {
    const refusal = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={failedTitle} role="alert">
        {mutation.error.message}
      </Alert>
    );
    return afterFailure ? (
      <Stack gap="md">
        {refusal}
        {afterFailure}
      </Stack>
    ) : (
      refusal
    );
  }
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text c="dimmed">{pending}</Text>
    </Group>
  );
}

function ConfirmSubscription({ token }: { token: string }) {
  const trpc = useTRPC();
  const confirm = useMutation(trpc.newsletter.confirm.mutationOptions());
  return (
    <EmailLink
      token={token}
      mutation={confirm}
      done={{ title: 'Subscription confirmed', testId: 'newsletter-confirmed', text: 'will receive the next newsletter. The welcome email we just sent contains your unsubscribe link.' }}
      failedTitle="We could not confirm this link"
      afterFailure={<SubscribeForm />}
      pending="Confirming your subscription..."
    />
  );
}

function Unsubscribe({ token }: { token: string }) {
  const trpc = useTRPC();
  const unsubscribe = useMutation(trpc.newsletter.unsubscribe.mutationOptions());
  return (
    <EmailLink
      token={token}
      mutation={unsubscribe}
      done={{ title: 'You are unsubscribed', testId: 'newsletter-unsubscribed', text: 'will not receive the newsletter any more. You can subscribe again at any time.' }}
      failedTitle="We could not unsubscribe you"
      pending="Unsubscribing..."
    />
  );
}
