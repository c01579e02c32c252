import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const MODULE = /@solana-mobile\/wallet-standard-mobile\/lib\/esm\/index\.browser\.js$/;
const THEME = readFileSync(path.join(import.meta.dirname, 'mobile-wallet-theme.css'), 'utf8');

/**
 * The edits made to the Mobile Wallet Adapter's sheets, each found exactly once in the pinned
 * version: without its Google Fonts links (a third-party host our Content-Security-Policy refuses),
 * with our theme after its own rules, and in open shadow roots so the e2e suite can check them.
 */
const EDITS: [RegExp, string][] = [
  [/const fonts = `[^`]*`;/, 'const fonts = "";'],
  [
    /styles\.textContent = (css\$\d+ \+ this\.contentStyles);/,
    `styles.textContent = $1 + ${JSON.stringify(THEME)};`,
  ],
  [/styles\.textContent = (css\$\d+);/, `styles.textContent = $1 + ${JSON.stringify(THEME)};`],
  [/host\.attachShadow\(\{ mode: "closed" \}\)/g, 'host.attachShadow({ mode: "open" })'],
];

/** Restyles the wallet sheets the Mobile Wallet Adapter draws itself (see mobile-wallet-theme.css). */
export function mobileWalletTheme(): Plugin {
  return {
    name: 'baegen:mobile-wallet-theme',
    transform(code, id) {
      if (!MODULE.test(id)) return null;
      let edited = code;
      for (const [pattern, replacement] of EDITS) {
        const found = edited.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
        const expected = pattern.global ? 2 : 1;
        if (found !== expected) {
          throw new Error(
            `mobile-wallet-theme: ${pattern} matched ${found} times, expected ${expected}; ` +
              'the @solana-mobile/wallet-standard-mobile version changed, update the plugin',
          );
        }
        edited = edited.replace(pattern, replacement);
      }
      return { code: edited, map: null };
    },
  };
}
