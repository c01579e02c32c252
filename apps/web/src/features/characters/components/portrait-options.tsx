import { GENERATION_OPTION_LABELS } from '@baegen/shared';
import { cn } from '../../../lib/cn';
import { GenerationOptions, type useGenerationOptions } from '../../generations';

/**
 * The portrait generator's image options (what the provider offers), and, after a run that made
 * several pictures, those pictures to choose the portrait from.
 */
export function PortraitOptions({
  options,
  choices,
  value,
  onChoose,
  disabled,
}: {
  options: ReturnType<typeof useGenerationOptions>;
  choices: string[];
  value: string;
  onChoose: (url: string) => void;
  disabled: boolean;
}) {
  return (
    <div className="-mt-2 space-y-4">
      <GenerationOptions
        capabilities={options.capabilities}
        value={options.value}
        onChange={options.setValue}
        disabled={disabled}
      />
      {choices.length > 1 ? (
        <div role="group" aria-label={GENERATION_OPTION_LABELS.portraitChoices}>
          <p className="mb-2 text-sm font-medium text-ink-100">{GENERATION_OPTION_LABELS.portraitChoices}</p>
          <div className="flex flex-wrap gap-2">
            {choices.map((url, index) => (
              <button
                key={url}
                type="button"
                onClick={() => onChoose(url)}
                disabled={disabled}
                aria-pressed={url === value}
                aria-label={`${GENERATION_OPTION_LABELS.choice} ${index + 1}`}
                className={cn(
                  'size-16 overflow-hidden rounded-xl border-2 transition disabled:opacity-60',
                  url === value ? 'border-rose-glow' : 'border-ink-700 hover:border-ink-500',
                )}
              >
                <img src={url} alt="" className="size-full object-cover" />
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
