import path from 'node:path';
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declarator extends Node {
  init: Node | null;
}
interface Declaration extends Node {
  kind?: string;
  declarations?: Declarator[];
  declaration?: Declaration | null;
}

/** A value worth wrapping: one built by calls (a schema and its chains), not a literal. */
const BUILT = new Set(['CallExpression', 'ChainExpression', 'NewExpression']);

/**
 * Lets the bundler leave out the shared contract's schemas that the web app never reads. Each
 * top-level constant of `dir` built by calls (`z.object(...)`, `safeText().max(...)`) is wrapped in
 * a function call marked pure: the bundler cannot tell on its own that a chain of method calls has
 * no side effects, so it kept, and the browser built, every schema of a module it imported (the
 * server's request schemas among them) on the gallery's first answer. The contract's constants are
 * pure by design: they only build values.
 */
export function pureSchemas(dir: string): Plugin {
  const root = path.resolve(dir) + path.sep;
  return {
    name: 'baegen:pure-schemas',
    apply: 'build',
    // After TypeScript is stripped, so the code parses as JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!id.startsWith(root) || id.endsWith('.test.ts')) return null;
      const program = this.parse(code) as unknown as { body: Declaration[] };
      const wraps: Node[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const { init } of declaration.declarations ?? [])
          if (init && BUILT.has(init.type)) wraps.push(init);
      }
      if (wraps.length === 0) return null;
      let out = code;
      for (const { start, end } of wraps.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}
