import { useState } from 'react';
import { Check, RotateCcw, Save } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useFocusOnMount } from '../../../lib/use-focus-on-mount';
import type { ResultSelection } from '../use-result-selection';

/**
 * One result in its own shape (a landscape run shows landscape tiles), portrait until it loads, so
 * the grid does not collapse meanwhile.
 */
function ResultImage({ url }: { url: string }) {
  const [ratio, setRatio] = useState('3 / 4');
  return (
    <img
      src={url}
      alt=""
      style={{ aspectRatio: ratio }}
      onLoad={(event) => {
        const { naturalWidth, naturalHeight } = event.currentTarget;
        if (naturalWidth > 0 && naturalHeight > 0) setRatio(`${naturalWidth} / ${naturalHeight}`);
      }}
      className="w-full bg-ink-850 object-cover"
    />
  );
}

/** The images just generated; the user picks which ones to keep. Focused at its heading when they arrive while watched. */
export function GeneratedResults({
  selection: { urls, selected, saved, toggle },
  saving,
  onGenerateNew,
  onSave,
  focusOnShow,
}: {
  selection: ResultSelection;
  saving: boolean;
  onGenerateNew: () => void;
  onSave: () => void;
  focusOnShow: boolean;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>(focusOnShow);
  return (
    <section aria-labelledby="results-title" className="card p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="results-title" ref={heading} tabIndex={-1} className="scroll-mt-24 text-xl font-semibold">
          Generated Images
        </h2>
        <p className="text-sm text-ink-300" aria-live="polite" data-testid="selection-count">
          Selected: {selected.size} of {urls.length}
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4">
        {urls.map((url, index) => {
          const isSelected = selected.has(url);
          const isSaved = saved.has(url);
          return (
            <li key={url} className="relative">
              <button
                type="button"
                aria-pressed={isSelected}
                aria-label={isSaved ? `Result ${index + 1}, saved` : `Result ${index + 1}`}
                disabled={saving || isSaved}
                onClick={() => toggle(url)}
                className={cn(
                  'relative block w-full overflow-hidden rounded-2xl border-2 transition',
                  isSelected ? 'border-rose-glow shadow-glow' : 'border-transparent hover:border-ink-600',
                  isSaved && 'cursor-default opacity-60 hover:border-transparent',
                )}
              >
                <ResultImage url={url} />
                <span
                  aria-hidden
                  className={cn(
                    'absolute top-2 right-2 grid size-7 place-items-center rounded-full border-2 transition',
                    isSelected
                      ? 'bg-gradient-brand border-transparent text-white'
                      : 'border-white/70 bg-black/40 text-transparent',
                  )}
                >
                  <Check className="size-4" />
                </span>
              </button>
              {isSaved ? (
                <span className="absolute bottom-2 left-2 rounded-full bg-black/70 px-2.5 py-1 text-xs font-semibold text-white">
                  Saved
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {/* On a desktop the actions stick to the bottom of the screen while the results scroll by. */}
      <div
        className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end lg:sticky lg:bottom-4 lg:z-10 lg:rounded-2xl lg:border lg:border-ink-700 lg:bg-ink-900/95 lg:p-3 lg:backdrop-blur"
        data-testid="results-actions"
      >
        <Button variant="secondary" onClick={onGenerateNew} disabled={saving} icon={RotateCcw}>
          Generate New
        </Button>
        <Button onClick={onSave} disabled={selected.size === 0} loading={saving} icon={Save}>
          Save Selected Images ({selected.size})
        </Button>
      </div>
    </section>
  );
}
