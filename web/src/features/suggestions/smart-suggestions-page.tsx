import { Alert, Card, Grid, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { GET_CACHE_MS } from '@kubemarket/shared';
import type { SuggestionsInput, SuggestionsResult } from '@kubemarket/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PageLayout } from '../../components/page-header';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { AnchorLink } from '../../components/router-links';
import { PriceSettingsCard } from '../currency';
import { useTRPCClient } from '../../lib/trpc';
import { hasAnswers, searchFromInput, validateQuestionnaire, valuesFromSearch } from './questionnaire';
import type { SuggestionsSearch } from './questionnaire';
import { QuestionnaireForm } from './questionnaire-form';
import { SuggestionCard } from './suggestion-card';

interface SmartSuggestionsPageProps {
  /** The answers in the address, so that suggestions can be shared and survive a reload. */
  search: SuggestionsSearch;
  onSearchChange: (search: SuggestionsSearch) => void;
}

/** Tiers, nodes and add-ons suggested from a few answers about the workload, ranked and priced by the server. */
export function SmartSuggestionsPage({ search, onSearchChange }: SmartSuggestionsPageProps) {
  const client = useTRPCClient();
  const fromAddress = useMemo(() => (hasAnswers(search) ? validateQuestionnaire(valuesFromSearch(search)) : null), [search]);
  const input = fromAddress?.ok ? fromAddress.input : null;
  // The form starts from the address once; afterwards it is the source of the address.
  const [initial] = useState(() => ({ values: valuesFromSearch(search), errors: fromAddress && !fromAddress.ok ? fromAddress.errors : {} }));

  const query = useQuery({
    queryKey: ['suggestions.rank', input],
    queryFn: () => client.suggestions.rank.mutate(input as SuggestionsInput),
    enabled: input !== null,
    staleTime: GET_CACHE_MS,
  });

  return (
    <PageLayout
      title="Smart suggestions"
      description="Tell us about your workload and we suggest the cluster tiers that can run it, best first: the nodes and add-ons each needs, why, and what it costs with today's prices. Open a suggestion in the price estimator to adjust it. The address of this page keeps your answers."
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="suggestions-questions-title">
            <Stack gap="md">
              <Title order={2} size="h4" id="suggestions-questions-title">
                Your workload
              </Title>
              <QuestionnaireForm
                initialValues={initial.values}
                initialErrors={initial.errors}
                submitting={query.isFetching}
                onSubmit={(answers) => onSearchChange(searchFromInput(answers))}
                onReset={() => onSearchChange({})}
              />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <PriceSettingsCard />
            <Stack
              gap="md"
              component="section"
              aria-labelledby="suggestions-results-title"
              aria-live="polite"
              aria-busy={query.isFetching}
              data-testid="suggestions-results"
            >
              <Title order={2} size="h4" id="suggestions-results-title">
                Suggestions
              </Title>
              {input === null ? (
                <Text c="dimmed" data-testid="suggestions-empty">
                  {fromAddress && !fromAddress.ok
                    ? 'Some answers need your attention: see the questions.'
                    : 'Answer the questions to see the clusters that fit your workload, ranked, with their prices.'}
                </Text>
              ) : query.error ? (
                <QueryErrorAlert title="No suggestions could be made" query={query} testId="suggestions-error" />
              ) : !query.data ? (
                <Stack gap="md" aria-label="Finding the clusters that fit">
                  <Skeleton height={320} radius="md" />
                  <Skeleton height={220} radius="md" />
                </Stack>
              ) : (
                <Results result={query.data} />
              )}
            </Stack>
          </Stack>
        </Grid.Col>
      </Grid>
    </PageLayout>
  );
}

function Results({ result }: { result: SuggestionsResult }) {
  const { suggestions, excluded } = result;
  return (
    <Stack gap="md">
      {suggestions.length === 0 ? (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} data-testid="suggestions-none">
          <Text fw={700} size="sm">
            No tier meets all your answers
          </Text>
          <Text size="sm">
            Change an answer (each tier below says what stops it), or{' '}
            <AnchorLink to="/custom-solutions" inherit c="inherit" fw={700} underline="always">
              ask us for a custom solution
            </AnchorLink>
            .
          </Text>
        </Alert>
      ) : (
        <Text size="sm" data-testid="suggestions-summary">
          {suggestions.length === 1 ? 'One tier fits your answers.' : `${suggestions.length} tiers fit your answers, best first.`}
        </Text>
      )}
      {suggestions.map((suggestion) => (
        <SuggestionCard key={suggestion.tier.id} suggestion={suggestion} />
      ))}
      {excluded.length > 0 ? (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="suggestions-excluded-title" data-testid="suggestions-excluded">
          <Stack gap="sm">
            <Title order={3} size="h5" id="suggestions-excluded-title">
              {suggestions.length === 0 ? 'Why no tier fits' : 'Tiers not suggested'}
            </Title>
            <List spacing="xs" size="sm">
              {excluded.map((entry) => (
                <List.Item key={entry.tierId} data-testid="excluded-tier" data-tier={entry.tierId}>
                  <Text span fw={600} inherit>
                    {entry.tierName}:
                  </Text>{' '}
                  {entry.reasons.join(' ')}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
