import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core comes with lighthouse, a development dependency of the repository: it is read from there
// rather than installed on its own.
const requireHere = createRequire(import.meta.url);
const AXE_PATH = createRequire(requireHere.resolve('lighthouse')).resolve('axe-core/axe.min.js');
let axeSource: Promise<string> | undefined;

/** Serious and critical WCAG 2.2 A/AA violations on the page as it is now (DESIGN.md: there must be none). */
export async function seriousViolations(page: Page): Promise<string[]> {
  axeSource ??= readFile(AXE_PATH, 'utf8');
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: { exclude: string[][] }, options: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    // Two parts of the shell fail whatever the page, and are not the console's: the DEV environment
    // badge (light orange, extra small) and the toasts' close button without a name (issue 17).
    const result = await axe.run({ exclude: [['[data-testid="environment-badge"]'], ['[data-testid="toast-region"]']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) }));
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id}: ${violation.targets.slice(0, 3).join(', ')}`);
}
