import type { Page } from 'playwright-core';

/** A view transition the page started: its types, then the configuration slide's animations once it ran, or why the browser skipped it. */
export interface StartedViewTransition {
  types: unknown;
  animations?: { pseudo: string; duration: unknown; keyframes: unknown[] }[];
  skipped?: string;
}

/**
 * Records every view transition the page starts (from its next navigation on). The animations are
 * read when the transition is ready, so a busy machine cannot make a poll miss them.
 */
export async function recordViewTransitions(page: Page): Promise<() => Promise<StartedViewTransition[]>> {
  await page.addInitScript(() => {
    interface Started { types: unknown; animations?: unknown[]; skipped?: string }
    const started: Started[] = [];
    Object.assign(window, { startedViewTransitions: started });
    const original = document.startViewTransition.bind(document);
    document.startViewTransition = ((update: Parameters<typeof original>[0]) => {
      const record: Started = { types: typeof update === 'object' && update && 'types' in update ? update.types : null };
      started.push(record);
      const transition = original(update);
      transition.ready.then(
        () => {
          record.animations = document
            .getAnimations()
            .flatMap((animation) => {
              const effect = animation.effect as KeyframeEffect | null;
              return effect?.pseudoElement?.includes('configuration-page') && !effect.pseudoElement.includes('group')
                ? [{ pseudo: effect.pseudoElement, duration: effect.getTiming().duration, keyframes: effect.getKeyframes().map((frame) => frame.transform) }]
                : [];
            })
            .sort((a, b) => a.pseudo.localeCompare(b.pseudo));
        },
        (error: unknown) => {
          record.skipped = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        },
      );
      return transition;
    }) as typeof document.startViewTransition;
  });
  return () => page.evaluate(() => (window as unknown as { startedViewTransitions: StartedViewTransition[] }).startedViewTransitions);
}

/** The slide forward (docs/product/screens.md#page-transitions): the new page enters from 20 px in 0.4 s, the old one leaves by 20 px in 0.3 s. */
export const FORWARD_SLIDE: StartedViewTransition = {
  types: ['configuration-slide-forward'],
  animations: [
    { pseudo: '::view-transition-new(configuration-page)', duration: 400, keyframes: ['translate(20px)', 'none'] },
    { pseudo: '::view-transition-old(configuration-page)', duration: 300, keyframes: ['none', 'translate(-20px)'] },
  ],
};
