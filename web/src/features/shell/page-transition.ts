/** docs/product/screens.md#page-transitions: the slide between configuring a cluster and watching it being provisioned. */
export type SlideDirection = 'forward' | 'backward';

/**
 * Where a cluster is configured, and where its payment is confirmed: a paid cluster order goes from
 * the configurator through the checkout to /payment-success, whose "Watch provisioning" is the step
 * forward that issue 11 asks to slide, as the configurator's own step to provisioning does.
 */
const CONFIGURE_PATHS: readonly string[] = ['/configure-cluster', '/clusters/configure', '/payment-success'];
const PROVISIONING_PATHS: readonly string[] = ['/cluster-provisioning', '/clusters/provisioning'];

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Forward from a configure-cluster path (or the payment confirmation that follows it) to a
 * cluster-provisioning path, backward the other way,
 * and no slide for any other change (including the first page load, when `from` is unknown).
 */
export function slideDirection(from: string | undefined, to: string): SlideDirection | null {
  if (from === undefined) return null;
  const source = normalise(from);
  const target = normalise(to);
  if (CONFIGURE_PATHS.includes(source) && PROVISIONING_PATHS.includes(target)) return 'forward';
  if (PROVISIONING_PATHS.includes(source) && CONFIGURE_PATHS.includes(target)) return 'backward';
  return null;
}

/** View transition types, matched by the :active-view-transition-type() rules of page-transition.module.css. */
export const SLIDE_TRANSITION_TYPE: Record<SlideDirection, string> = {
  forward: 'configuration-slide-forward',
  backward: 'configuration-slide-backward',
};

/** The view transition types of a navigation, or false when it should not animate. */
export function slideTransitionTypes(from: string | undefined, to: string): string[] | false {
  const direction = slideDirection(from, to);
  return direction ? [SLIDE_TRANSITION_TYPE[direction]] : false;
}

interface LocationChange {
  fromLocation?: { pathname: string };
  toLocation: { pathname: string };
}

/**
 * The router's default view transition: the slide between configuring and provisioning, and no
 * transition at all for other navigations. Browsers without view transition types get none, rather
 * than the router's fallback of cross-fading every navigation.
 */
export function configurationSlideViewTransition() {
  const supported = typeof window !== 'undefined' && window.CSS?.supports?.('selector(:active-view-transition-type(a))') === true;
  if (!supported) return undefined;
  return {
    types: ({ fromLocation, toLocation }: LocationChange) => slideTransitionTypes(fromLocation?.pathname, toLocation.pathname),
  };
}
