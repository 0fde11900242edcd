import { Alert, Anchor, Box, Button, Card, Grid, Group, List, Skeleton, Stack, Stepper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconInfoCircle, IconRefresh, IconShoppingCart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useMatch, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { PageLayout } from '../../components/page-header';
import { localStore } from '../../lib/browser-storage';
import { focusFirstInvalid } from '../../lib/focus-invalid';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { approvalExpectation, useAccountProfile } from '../account';
import { useSessionUser } from '../auth';
import { CatalogError, useCatalog } from '../catalog';
import type { Catalog } from '../catalog';
import type { Estimate } from '../catalog-browse';
import { usePreferences } from '../preferences';
import { billingPrefill, lastOrderBilling } from './billing-prefill';
import { applyDraftAction, preloadDraft, preloadKey } from './draft';
import type { ClusterDraft, DraftAction, Preload } from './draft';
import type { DraftEdit, StepProps } from './draft-form';
import { clearDraft, draftStorageKey, initialDraft, saveDraft } from './draft-storage';
import { DESKTOP_QUERY, PricePanel } from './price-panel';
import { AddonsStep } from './step-addons';
import { LocationStep } from './step-location';
import { MaintenanceStep } from './step-maintenance';
import { NetworkStep } from './step-network';
import { PoolsStep } from './step-pools';
import { ReviewStep } from './step-review';
import { TierStep } from './step-tier';
import { VersionStep } from './step-version';
import { STEP_COUNT, stepAt, STEPS, stepNumber } from './steps';
import type { StepId, StepInfo } from './steps';
import type { ConfiguratorSearch } from './search-params';
import { useDraftPricing } from './use-draft-pricing';
import { usePlaceOrder } from './use-place-order';
import { firstInvalidStep, validateStep, type DraftPolicy } from './validation';
import { PriceFootprint } from './price-footprint';
import { Modal } from '../../components/overlays';

export interface ConfiguratorPageProps {
  search: ConfiguratorSearch;
  /**
   * Shows a step. `replace` rewrites the current history entry, keeping what the address carries
   * (an estimate or tier stays where it was read); otherwise a new entry names the step alone.
   */
  onStepChange: (step: number, options: { replace: boolean }) => void;
}

function preloadOf(search: ConfiguratorSearch): Preload | null {
  if (search.estimate) return { kind: 'estimate', encoded: search.estimate };
  if (search.tier) return { kind: 'tier', tierId: search.tier };
  return null;
}

/** The first focusable element of a field the form marked (data-path), for the error summary's links. */
function focusField(path: string): void {
  const node = document.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`);
  if (!node) return;
  const focusable = node.matches('input, select, textarea, button') ? node : node.querySelector<HTMLElement>('input, select, textarea, button, [tabindex="0"]');
  (focusable ?? node).focus();
}

/**
 * /configure-cluster and /clusters/configure: a cluster configured step by step, priced live, kept
 * in the browser until it is ordered, and ordered with `orders.create` on to its checkout.
 */
export function ConfiguratorPage({ search, onStepChange }: ConfiguratorPageProps) {
  const user = useSessionUser();
  const storageKey = draftStorageKey(user.id);
  const catalogQuery = useCatalog();
  const { catalog } = catalogQuery;
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [confirmReset, setConfirmReset] = useState(false);

  // The editor starts again (from the kept draft) when another page preloads it or on "Start over".
  const preload = preloadOf(search);
  const key = preload ? preloadKey(preload) : null;
  const [session, setSession] = useState({ preload: key, generation: 0, startedOver: false });
  if (key !== null && key !== session.preload) setSession({ preload: key, generation: session.generation + 1, startedOver: false });

  const startOver = () => {
    clearDraft(localStore(), storageKey);
    setConfirmReset(false);
    // The estimate or tier in the address was used already: starting over does not preload it again.
    setSession((previous) => ({ ...previous, generation: previous.generation + 1, startedOver: true }));
    onStepChange(1, { replace: false });
  };

  return (
    <PageLayout
      title="Configure New Cluster"
      description="Eight short steps, priced as you go. Your configuration is kept in this browser until you order it or start over."
      actions={
        <Button variant="subtle" color="gray" leftSection={<IconRefresh size={16} />} onClick={() => setConfirmReset(true)} data-testid="start-over">
          Start over
        </Button>
      }
      pb={desktop ? 'xl' : 96}
    >
      {catalogQuery.error ? (
        <CatalogError query={catalogQuery} />
      ) : !catalog ? (
        <Grid gap="lg" aria-busy="true" aria-label="Loading the catalogue">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Skeleton height={420} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Skeleton height={360} radius="md" />
          </Grid.Col>
        </Grid>
      ) : (
        <ConfiguratorEditor
          key={session.generation}
          catalog={catalog}
          fetchedAt={catalogQuery.fetchedAt}
          storageKey={storageKey}
          companyName={user.companyName}
          search={search}
          preload={session.startedOver ? null : preload}
          desktop={desktop}
          onStepChange={onStepChange}
        />
      )}

      <Modal opened={confirmReset} onClose={() => setConfirmReset(false)} title="Start over?" centered>
        <Stack gap="md">
          <Text size="sm">Your configuration is cleared and you start again from the first step. Orders you already placed are not affected.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirmReset(false)}>
              Keep my configuration
            </Button>
            <Button color="red" onClick={startOver} data-testid="confirm-start-over">
              Start over
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageLayout>
  );
}

interface EditorStart {
  draft: ClusterDraft;
  /** Whether a preload made the draft (it is then kept at once). */
  preloaded: boolean;
  /** The step to open when the address names none: the preload's. */
  step: number | undefined;
  notice: { color: 'blue' | 'orange'; text: string } | null;
  estimate: Estimate | null;
}

/**
 * The kept draft, or what another page asked for (an estimate, a tier) applied to it, unless that
 * very preload made the kept draft already (the page was reloaded).
 */
function editorStart(catalog: Catalog, storageKey: string, preload: Preload | null): EditorStart {
  const kept = initialDraft(localStore(), storageKey);
  if (!preload || kept.preloadedFrom === preloadKey(preload)) return { draft: kept, preloaded: false, step: undefined, notice: null, estimate: null };
  const result = preloadDraft(catalog, preload, kept);
  if (!result.ok) return { draft: kept, preloaded: false, step: undefined, notice: { color: 'orange', text: result.reason }, estimate: null };
  return {
    draft: result.draft,
    preloaded: true,
    // A tier goes on with the region; an estimate, complete, opens on its review.
    step: preload.kind === 'tier' ? stepNumber('location') : STEP_COUNT,
    notice:
      preload.kind === 'estimate' ? { color: 'blue', text: "Your estimate's cluster is loaded. Review each step, name the cluster and continue to checkout." } : null,
    estimate: result.estimate,
  };
}

interface ConfiguratorEditorProps {
  catalog: Catalog;
  fetchedAt: number;
  storageKey: string;
  /** The organisation's name, for the billing details of a first order. */
  companyName: string | null;
  search: ConfiguratorSearch;
  /** Read when the editor starts only. */
  preload: Preload | null;
  desktop: boolean;
  onStepChange: ConfiguratorPageProps['onStepChange'];
}

function ConfiguratorEditor({ catalog, fetchedAt, storageKey, companyName, search, preload, desktop, onStepChange }: ConfiguratorEditorProps) {
  const { billingCycle, setBillingCycle, setCurrency } = usePreferences();
  const [start] = useState(() => editorStart(catalog, storageKey, preload));
  const [notice, setNotice] = useState(start.notice);
  /** The step whose error summary is shown (after a refused "Next" or order). */
  const [summaryFor, setSummaryFor] = useState<StepId | null>(null);

  const requested = search.step ?? start.step;
  const stepOf = (draft: ClusterDraft): StepInfo => stepAt(Math.min(requested ?? 1, draft.furthestStep));

  // The organisation's region policy, read when the form validates (a region chosen before an
  // EU-only restriction is refused at its step, not only by the server at the order).
  const regionPolicy = useQuery(useTRPC().team.regionPolicy.queryOptions()).data;
  const policy = useRef<DraftPolicy | undefined>(undefined);
  useEffect(() => {
    policy.current = regionPolicy;
  }, [regionPolicy]);

  const form = useForm<ClusterDraft>({
    mode: 'controlled',
    initialValues: start.draft,
    validate: (values) => validateStep(stepOf(values).id, values, catalog, policy.current),
    validateInputOnBlur: true,
    onValuesChange: (values) => saveDraft(localStore(), storageKey, values),
  });
  const draft = form.values;
  const current = stepOf(draft);

  // A preloaded draft is kept at once (the form only keeps edits), in the estimate's currency and cycle.
  useEffect(() => {
    if (!start.preloaded) return;
    saveDraft(localStore(), storageKey, start.draft);
    if (start.estimate?.cycle) setBillingCycle(start.estimate.cycle);
    if (start.estimate?.currency) setCurrency(start.estimate.currency);
  }, [start, storageKey, setBillingCycle, setCurrency]);
  // The address always says which step is shown, while it is still this page's: a customer who
  // went on while the catalogue loaded (a navigation under way) is not brought back here.
  const router = useRouter();
  // This page's own match (the router's location is already the next page's while it loads).
  const pathname = useMatch({ strict: false, select: (match) => match.pathname });
  useEffect(() => {
    if (router.latestLocation.pathname !== pathname) return;
    if (search.step !== current.number) onStepChange(current.number, { replace: true });
  }, [router, pathname, search.step, current.number, onStepChange]);

  // The billing details start as those of the organisation's last order. The price panel's own
  // VAT number field is redrawn when the number changes outside it (here, or on the review step).
  const client = useTRPCClient();
  const [panelRevision, setPanelRevision] = useState(0);
  useEffect(() => {
    let active = true;
    void lastOrderBilling(client).then((last) => {
      const prefill = active ? billingPrefill(form.getValues(), last, companyName) : null;
      if (!prefill) return;
      // setValues clears every error of the form: the ones of fields it does not fill (a step's
      // "Choose a cluster tier" shown while this answer was on its way) are put back.
      const kept = Object.entries(form.errors).filter(([path]) => !Object.keys(prefill).some((key) => path === key || path.startsWith(`${key}.`)));
      form.setValues(prefill);
      if (kept.length > 0) form.setErrors(Object.fromEntries(kept));
      if (prefill.vatNumber !== undefined) setPanelRevision((revision) => revision + 1);
    });
    return () => {
      active = false;
    };
  }, [client, form, companyName]);

  // On a new step, focus moves to its heading (not when the page opens), so that the step's name is
  // read out; when the customer was sent there to correct something, to the first field in error.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const stepFormRef = useRef<HTMLFormElement>(null);
  const focusErrors = useRef(false);
  const shownStep = useRef(current.id);
  useEffect(() => {
    if (shownStep.current === current.id) return;
    shownStep.current = current.id;
    if (!focusErrors.current) headingRef.current?.focus();
  }, [current.id]);
  // The summary (role="alert") announces every error; the focus goes to the field to correct first,
  // whose own message is linked to it, or to the summary when no field can take the focus.
  useEffect(() => {
    if (!focusErrors.current || summaryFor !== current.id) return;
    focusErrors.current = false;
    const node = stepFormRef.current;
    if (focusFirstInvalid(node)) return;
    const firstPath = Object.keys(form.errors).find((path) => form.errors[path]);
    const before = document.activeElement;
    if (firstPath) focusField(firstPath);
    if (document.activeElement === before || !node?.contains(document.activeElement)) summaryRef.current?.focus();
  });

  /** Shows the error summary of a step whose fields the form has just marked, going there if needed. */
  const showErrors = useCallback(
    (step: StepId) => {
      focusErrors.current = true;
      setSummaryFor(step);
      if (step !== current.id) onStepChange(stepNumber(step), { replace: false });
    },
    [current.id, onStepChange],
  );

  const goTo = useCallback(
    (step: number) => {
      const target = Math.min(Math.max(step, 1), STEP_COUNT);
      if (target > current.number) {
        if (form.validate().hasErrors) {
          showErrors(current.id);
          return;
        }
        if (target > form.getValues().furthestStep) form.setFieldValue('furthestStep', target);
      }
      form.clearErrors();
      setSummaryFor(null);
      onStepChange(target, { replace: false });
    },
    [current.id, current.number, form, onStepChange, showErrors],
  );

  const dispatch = useCallback(
    (action: DraftAction): DraftEdit => {
      const before = form.getValues();
      const after = applyDraftAction(catalog, before, action);
      if (after !== before) form.setValues(after);
      return { before, after };
    },
    [catalog, form],
  );

  const placeOrder = usePlaceOrder({ form, cycle: billingCycle });
  const continueToCheckout = () => {
    if (placeOrder.isPending) return;
    const invalid = firstInvalidStep(form.getValues(), catalog, policy.current);
    if (invalid) {
      form.setErrors(invalid.errors);
      showErrors(invalid.step);
      return;
    }
    placeOrder.place((failure) => {
      form.setErrors(failure.fieldErrors);
      if (Object.keys(failure.fieldErrors).length > 0) showErrors(failure.step);
    });
  };

  const location = useLocation();
  const stepHref = (step: StepId) => `${location.pathname}?step=${stepNumber(step)}`;
  const stepErrors = Object.entries(form.errors).filter(([, message]) => message);
  const stepProps: StepProps = { form, catalog, dispatch };
  const reachable = (step: number) => step <= draft.furthestStep;

  return (
    <Stack gap="lg">
      {notice ? (
        <Alert
          color={notice.color}
          variant="light"
          icon={<IconInfoCircle size={18} />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setNotice(null)}
          data-testid="configurator-notice"
        >
          {notice.text}
        </Alert>
      ) : null}

      {current.number === 1 ? <PendingApprovalNotice /> : null}

      <nav aria-label="Configuration steps">
        <Stepper
          active={current.number - 1}
          onStepClick={(index) => goTo(index + 1)}
          allowNextStepsSelect={false}
          size={desktop ? 'sm' : 'xs'}
          data-testid="configurator-stepper"
        >
          {STEPS.map((step) => {
            const isCurrent = step.number === current.number;
            const state = isCurrent ? 'current step' : step.number < current.number ? 'completed' : reachable(step.number) ? 'visited' : 'not reached yet';
            return (
              <Stepper.Step
                key={step.id}
                // The visible label starts the button's name (WCAG 2.5.3); the rest is read out only.
                label={
                  <>
                    {desktop ? step.label : <VisuallyHidden>{step.label}</VisuallyHidden>}
                    <VisuallyHidden>
                      , step {step.number} of {STEP_COUNT}, {state}
                    </VisuallyHidden>
                  </>
                }
                allowStepSelect={!isCurrent && reachable(step.number)}
                aria-current={isCurrent ? 'step' : undefined}
                aria-disabled={!isCurrent && !reachable(step.number) ? true : undefined}
                data-testid={`stepper-step-${step.id}`}
              />
            );
          })}
        </Stepper>
      </nav>

      <Grid gap="lg">
        <Grid.Col span={desktop ? 8 : 12}>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="configurator-step-title" data-testid="configurator-step" data-step={current.id}>
            <form
              ref={stepFormRef}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (current.id === 'review') continueToCheckout();
                else goTo(current.number + 1);
              }}
            >
              <Stack gap="lg">
                <Stack gap={4}>
                  <Text size="sm" c="dimmed">
                    Step {current.number} of {STEP_COUNT}
                  </Text>
                  <Title order={2} size="h3" id="configurator-step-title" ref={headingRef} tabIndex={-1} style={{ outlineOffset: 4 }}>
                    {current.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {current.description}
                  </Text>
                </Stack>

                {summaryFor === current.id && stepErrors.length > 0 ? (
                  <Alert
                    ref={summaryRef}
                    tabIndex={-1}
                    color="red"
                    variant="light"
                    icon={<IconAlertCircle size={18} />}
                    role="alert"
                    title={stepErrors.length === 1 ? 'One thing needs your attention' : `${stepErrors.length} things need your attention`}
                    data-testid="step-errors"
                  >
                    <List size="sm" spacing={2}>
                      {stepErrors.map(([path, message]) => (
                        <List.Item key={path}>
                          <Anchor
                            component="button"
                            type="button"
                            size="sm"
                            c="inherit"
                            underline="always"
                            onClick={() => focusField(path)}
                            style={{ textAlign: 'left', minHeight: 24, paddingBlock: 2 }}
                          >
                            {message}
                          </Anchor>
                        </List.Item>
                      ))}
                    </List>
                  </Alert>
                ) : null}

                <StepContent
                  step={current.id}
                  props={stepProps}
                  review={
                    <ReviewStep
                      form={form}
                      catalog={catalog}
                      onVatNumberChange={() => setPanelRevision((revision) => revision + 1)}
                      stepHref={stepHref}
                      onEdit={(step) => goTo(stepNumber(step))}
                      orderError={placeOrder.error}
                      placedOrderId={placeOrder.placedOrderId}
                    />
                  }
                />

                <Group justify="space-between" wrap="wrap" gap="sm" pt="sm">
                  {current.number > 1 ? (
                    <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => goTo(current.number - 1)} data-testid="step-back">
                      Back
                    </Button>
                  ) : (
                    <Box />
                  )}
                  {current.id === 'review' ? (
                    <Button type="submit" size="md" leftSection={<IconShoppingCart size={18} />} loading={placeOrder.isPending} data-testid="continue-to-checkout">
                      Continue to checkout
                    </Button>
                  ) : (
                    <Button type="submit" rightSection={<IconArrowRight size={16} />} data-testid="step-next">
                      Next: {STEPS[current.number]?.label}
                    </Button>
                  )}
                </Group>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        <Grid.Col span={desktop ? 4 : 12}>
          <ConfiguratorPrice key={panelRevision} catalog={catalog} draft={draft} fetchedAt={fetchedAt} onChange={(changes) => form.setValues(changes)} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function StepContent({ step, props, review }: { step: StepId; props: StepProps; review: ReactNode }) {
  switch (step) {
    case 'tier':
      return <TierStep {...props} />;
    case 'location':
      return <LocationStep {...props} />;
    case 'version':
      return <VersionStep {...props} />;
    case 'pools':
      return <PoolsStep {...props} />;
    case 'network':
      return <NetworkStep {...props} />;
    case 'addons':
      return <AddonsStep {...props} />;
    case 'maintenance':
      return <MaintenanceStep {...props} />;
    case 'review':
      return review;
  }
}

function ConfiguratorPrice({
  catalog,
  draft,
  fetchedAt,
  onChange,
}: {
  catalog: Catalog;
  draft: ClusterDraft;
  fetchedAt: number;
  onChange: (changes: Partial<ClusterDraft>) => void;
}) {
  const { billingCycle } = usePreferences();
  const pricing = useDraftPricing(catalog, draft, billingCycle, fetchedAt);
  return <PricePanel draft={draft} pricing={pricing} cycle={billingCycle} onChange={onChange} footprint={<PriceFootprint catalog={catalog} draft={draft} />} />;
}

/**
 * An organisation still awaiting approval is told before it configures (issue 31: it used to learn
 * it only when ordering, eight steps later), with how long approvals take.
 */
function PendingApprovalNotice() {
  const profile = useAccountProfile();
  const organization = profile.data?.organization;
  if (organization?.status !== 'pending') return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} title="Your organisation awaits approval" data-testid="pending-approval-notice">
      You can configure a cluster and keep it as a draft now; ordering opens once our team has approved {organization.name}.{' '}
      {approvalExpectation(organization.approval)}
    </Alert>
  );
}
