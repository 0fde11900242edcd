import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core comes with lighthouse, a development dependency of the repository: it is read from there
// rather than installed on its own.
const requireHere = createRequire(import.meta.url);
const AXE_PATH = createRequire(requireHere.resolve('lighthouse')).resolve('axe-core/axe.min.js');
let axeSource: Promise<string> | undefined;

/** Serious and critical WCAG 2.2 A/AA violations on the page as it is now (docs/architecture.md#quality-bars: there must be none). */
export async function seriousViolations(page: Page): Promise<string[]> {
  axeSource ??= readFile(AXE_PATH, 'utf8');
  // Colours read halfway through a transition (a toast fading in, a scheme just changed) are
  // neither the old nor the new ones: axe reads the page once they have arrived.
  await page.waitForFunction(() => !document.getAnimations().some((animation) => animation instanceof CSSTransition && animation.playState === 'running'), undefined, { timeout: 10_000 });
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[]; any: { message: string }[] }[] }[] }> } }).axe;
    // The whole document, shell included (header, environment badge, toasts, cookie banner).
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => `${node.target.join(' ')} (${node.any[0]?.message ?? 'see axe'})`) }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.nodes.slice(0, 3).join(', ')}${violation.nodes.length > 3 ? ` and ${violation.nodes.length - 3} more` : ''}`);
}
