import { useMatches } from '@tanstack/react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { consoleLayoutOf, GATE_LOADER_SIZE } from './console-layout';
import classes from './signed-in-pending.module.css';

/**
 * docs/product/states.md#sign-in-gate: the sign-in gate's spinner, sized by the layout of the page being opened. Apart
 * from the rest of the signed-in layout because a route's pending component is not code-split: it
 * is part of the first download.
 */
export function SignedInPending() {
  const layout = useMatches({ select: (matches) => consoleLayoutOf(matches.map((match) => match.routeId)) }) ?? 'dashboard';
  const spinner = <LoadingScreen size={GATE_LOADER_SIZE[layout]} />;
  return layout === 'dashboard' ? <div className={classes.dashboard}>{spinner}</div> : spinner;
}
