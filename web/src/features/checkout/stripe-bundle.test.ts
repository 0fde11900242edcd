import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Stripe.js is loaded only when a customer chooses to pay by card through Stripe: no page the app
 * opens with may carry @stripe/stripe-js. Walks the static imports from the entry point (every
 * route included, which is stricter than the build, where route components are split off) and
 * checks that Stripe's package is reached only through import().
 */

const SRC = resolve(import.meta.dirname, '../..');
const ENTRY = join(SRC, 'main.tsx');
const STRIPE_PACKAGE = /^@stripe\/stripe-js(\/|$)/;

interface ModuleImports {
  /** Loaded with the module: import declarations and re-exports that are not `import type`/`export type`. */
  static: string[];
  dynamic: string[];
}

function importsOf(file: string): ModuleImports {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: ModuleImports = { static: [], dynamic: [] };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      // `import { type X }` still loads the module under verbatimModuleSyntax; only `import type` is erased.
      if (!node.importClause?.isTypeOnly) found.static.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.static.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteralLike(specifier)) found.dynamic.push(specifier.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A relative specifier's file, as Vite resolves it; null for other files (styles, JSON). */
function resolveRelative(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every source file the entry loads statically, with the packages each imports. */
function staticGraph(entry: string): Map<string, ModuleImports> {
  const graph = new Map<string, ModuleImports>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    const imports = importsOf(file);
    graph.set(file, imports);
    for (const specifier of imports.static) {
      if (!specifier.startsWith('.')) continue;
      const target = resolveRelative(file, specifier);
      if (target) pending.push(target);
    }
  }
  return graph;
}

describe('Stripe.js in the bundle', () => {
  const graph = staticGraph(ENTRY);
  const reached = [...graph.keys()].map((file) => relative(SRC, file));

  it('walks the whole app, the checkout and its Stripe card field included', () => {
    expect(reached).toEqual(
      expect.arrayContaining([
        'routeTree.gen.ts',
        'features/checkout/checkout.tsx',
        'features/checkout/stripe-card.tsx',
        'features/checkout/stripe-payment.ts',
      ]),
    );
    expect(reached.length).toBeGreaterThan(100);
  });

  it('never imports @stripe/stripe-js statically', () => {
    const offenders = [...graph].filter(([, imports]) => imports.static.some((specifier) => STRIPE_PACKAGE.test(specifier))).map(([file]) => relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  it('loads it with import() from the checkout loader only, through the entry that injects nothing on import', () => {
    const dynamic = [...graph].flatMap(([file, imports]) => imports.dynamic.filter((specifier) => STRIPE_PACKAGE.test(specifier)).map((specifier) => [relative(SRC, file), specifier]));
    expect(dynamic).toEqual([['features/checkout/stripe-payment.ts', '@stripe/stripe-js/pure']]);
  });

  it('reads `import type` as erased and every other import as loaded', () => {
    const file = join(SRC, 'features/checkout/stripe-card.tsx');
    expect(importsOf(file).static).toEqual(expect.arrayContaining(['@mantine/core', './stripe-payment']));
    // Its Stripe import is `import type`, erased from the bundle.
    expect(readFileSync(file, 'utf8')).toMatch(/import type \{[^}]*\} from '@stripe\/stripe-js';/);
    expect(importsOf(file).static).not.toContain('@stripe/stripe-js');
  });
});
