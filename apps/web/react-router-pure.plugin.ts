import type { Plugin } from 'vite';

const MODULE = /react-router\/dist\/production\/chunk-[\w-]+\.mjs$/;
const FACTORY_CALL = /= (React\d*)\.(forwardRef|createContext|memo)\(/g;
// A top-level `Link.displayName = "Link";` writes to the component, which keeps it alive as surely
// as a use would; the names serve React's developer tools, which a production build does not feed.
const DISPLAY_NAME = /^\w+\.displayName = "[^"]*";$/gm;

/**
 * Marks React Router's component and context factories as pure, without their display names, so the bundler can drop the ones
 * the app never renders. Unmarked, each `forwardRef(...)` is a call the bundler must keep, and with
 * it what the component uses: `<Form>`, `<Link>`'s prefetching, `useSubmit` stayed in the landing
 * page's first load though no page of ours uses them (about 1.3 kB gzip).
 */
export function reactRouterPure(): Plugin {
  return {
    name: 'baegen:react-router-pure',
    apply: 'build',
    transform(code, id) {
      if (!MODULE.test(id) || !code.includes('forwardRef(')) return null;
      const marked = code.replace(FACTORY_CALL, '= /* @__PURE__ */ $1.$2(').replace(DISPLAY_NAME, '');
      if (marked === code) {
        throw new Error(
          'react-router-pure: no factory call found; the react-router version changed, update the plugin',
        );
      }
      return { code: marked, map: null };
    },
  };
}
