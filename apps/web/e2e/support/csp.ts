import { type Page, expect } from '@playwright/test';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Records every CSP violation the page reports, from before its first script runs; the function
 * it answers expects none so far.
 */
export async function watchViolations(page: Page) {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI, source: event.sourceFile }),
    );
  });
  return async (where: string) => {
    const fromEvents = await page.evaluate(
      () => (window as unknown as { __cspViolations: Violation[] }).__cspViolations,
    );
    expect(fromEvents, where).toEqual([]);
    expect(fromConsole, where).toEqual([]);
  };
}
