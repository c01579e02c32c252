import { useId } from 'react';
import {
  GENERATION_OPTION_LABELS as LABELS,
  type ImageCapabilities,
  LIMITS,
  STYLE_PRESETS,
} from '@baegen/shared';
import { cn } from '../../../lib/cn';
import type { GenerationOptionsValue } from '../use-generation-options';

const FIELD =
  'w-full rounded-2xl border border-ink-700 bg-ink-900 px-4 text-sm text-ink-100 placeholder:text-ink-400 focus:border-rose-glow/60 focus:outline-none disabled:opacity-60';
const LABEL = 'mb-2 block text-sm font-medium text-ink-100';

/** A row of radio buttons drawn as one segmented control. */
function Segmented<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  label,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: (option: T) => string;
}) {
  return (
    <fieldset>
      <legend className={LABEL}>{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              'flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-2xl border px-3 text-sm font-medium transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-rose-glow/60',
              value === option
                ? 'border-rose-glow bg-rose-glow/10 text-rose-glow'
                : 'border-ink-700 bg-ink-900 text-ink-300 hover:border-ink-600',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {label(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Count, aspect ratio, style and negative prompt of an image job, each shown only when the
 * server's image provider offers it (`capabilities` from `GET /api/config`); nothing until known.
 */
export function GenerationOptions({
  capabilities,
  value,
  onChange,
  disabled,
}: {
  capabilities: ImageCapabilities | undefined;
  value: GenerationOptionsValue;
  onChange: (value: GenerationOptionsValue) => void;
  disabled: boolean;
}) {
  const id = useId();
  if (!capabilities) return null;
  const set = (patch: Partial<GenerationOptionsValue>) => onChange({ ...value, ...patch });
  const { min, max } = capabilities.outputs;
  const counts = Array.from({ length: max - min + 1 }, (_, index) => min + index);
  const styles = STYLE_PRESETS.filter(
    (style) => style === 'none' || capabilities.stylePresets.includes(style),
  );
  const aspect = capabilities.aspectRatios.includes(value.aspectRatio)
    ? value.aspectRatio
    : capabilities.aspectRatios[0];

  return (
    <fieldset disabled={disabled} className="space-y-4 disabled:opacity-60" data-testid="generation-options">
      <legend className="sr-only">{LABELS.group}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {counts.length > 1 ? (
          <Segmented
            legend={LABELS.outputs}
            name={`${id}-outputs`}
            options={counts}
            value={Math.min(max, Math.max(min, value.outputs))}
            onChange={(outputs) => set({ outputs })}
            label={String}
          />
        ) : null}
        {aspect ? (
          <Segmented
            legend={LABELS.aspectRatio}
            name={`${id}-aspect`}
            options={capabilities.aspectRatios}
            value={aspect}
            onChange={(aspectRatio) => set({ aspectRatio })}
            label={(option) => LABELS.aspectRatios[option]}
          />
        ) : null}
      </div>
      {styles.length > 1 ? (
        <div>
          <label htmlFor={`${id}-style`} className={LABEL}>
            {LABELS.style}
          </label>
          <select
            id={`${id}-style`}
            value={value.style}
            onChange={(event) => set({ style: event.target.value as GenerationOptionsValue['style'] })}
            className={cn(FIELD, 'h-11')}
          >
            {styles.map((style) => (
              <option key={style} value={style}>
                {LABELS.styles[style]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {capabilities.negativePrompt ? (
        <div>
          <label htmlFor={`${id}-negative`} className={LABEL}>
            {LABELS.negativePrompt}
          </label>
          <input
            id={`${id}-negative`}
            type="text"
            dir="auto"
            value={value.negativePrompt}
            onChange={(event) => set({ negativePrompt: event.target.value })}
            maxLength={LIMITS.prompt}
            placeholder={LABELS.negativePromptPlaceholder}
            autoComplete="off"
            className={cn(FIELD, 'h-11')}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
