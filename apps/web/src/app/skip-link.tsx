import { FORM_TEXT } from '@baegen/shared';

/**
 * The first stop of the keyboard: jumps past the header to the page. Hidden until focused. Focus
 * is moved by hand, as a bare "#main" would go through the router as a navigation.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
      className="sr-only rounded-full bg-ink-100 text-sm font-semibold text-ink-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:px-4 focus:py-2"
    >
      {FORM_TEXT.skipToContent}
    </a>
  );
}
