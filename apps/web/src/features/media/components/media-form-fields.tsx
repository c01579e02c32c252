import { Image as ImageIcon, Video } from 'lucide-react';
import { LIMITS, type MediaType } from '@baegen/shared';
import type { CharacterOption } from '../../../api/characters.queries';
import { FieldError } from '../../../components/ui/field-error';
import { cn } from '../../../lib/cn';

// A field brought into view (the first bad one at submit) lands with its label below the fixed
// header and a toast beside it (scroll-mt-36).
export const FIELD =
  'w-full scroll-mt-36 rounded-2xl border border-ink-700 bg-ink-900 px-4 text-sm text-ink-100 placeholder:text-ink-400 focus:border-rose-glow/60 focus:outline-none disabled:opacity-60 aria-invalid:border-red-400';

export const LABEL = 'mb-2 block text-sm font-medium text-ink-100';

/** What each field of the form is given: its id, its value and how to change it, and whether it waits. */
interface FieldProps<T> {
  id: string;
  value: T;
  onChange: (value: T) => void;
  disabled: boolean;
}

/** A checked field's inline error and the aria attributes that tie its control to it. */
interface Checked {
  error?: string;
  aria?: { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

const TYPE_OPTIONS: { value: MediaType; label: string; icon: typeof Video }[] = [
  { value: 'video', label: 'Video', icon: Video },
  { value: 'image', label: 'Image', icon: ImageIcon },
];

/** The character to make media of; every character of the user, all pages. */
export function CharacterField({
  characters,
  loading,
  failed,
  error,
  aria,
  ...field
}: FieldProps<string> &
  Checked & { characters: CharacterOption[] | undefined; loading: boolean; failed: boolean }) {
  return (
    <div>
      <label htmlFor={field.id} className={LABEL}>
        Character
      </label>
      <select
        id={field.id}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        disabled={field.disabled || loading}
        {...aria}
        className={cn(FIELD, 'h-11')}
      >
        <option value="">{loading ? 'Loading characters...' : 'Select a character'}</option>
        {characters?.map((option) => (
          <option key={option.$id} value={option.$id}>
            {option.name}
          </option>
        ))}
      </select>
      <FieldError fieldId={field.id} message={error} />
      {failed ? <p className="mt-2 text-sm text-red-400">Your characters could not be loaded.</p> : null}
    </div>
  );
}

/** Video or Image, as two large radio cards. */
export function MediaTypeField({ id, value, onChange, disabled }: FieldProps<MediaType>) {
  return (
    <fieldset disabled={disabled}>
      <legend id={id} className={LABEL}>
        Media Type
      </legend>
      <div className="grid grid-cols-2 gap-3">
        {TYPE_OPTIONS.map(({ value: option, label, icon: Icon }) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer items-center justify-center gap-2 rounded-2xl border px-4 py-3 text-sm font-medium transition',
              value === option
                ? 'border-rose-glow bg-rose-glow/10 text-rose-glow'
                : 'border-ink-700 bg-ink-900 text-ink-300 hover:border-ink-600',
              disabled && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              name="media-type"
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 accent-rose-glow"
            />
            <Icon className="size-4" aria-hidden />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What the picture or clip should show; required. */
export function PromptField({ id, value, onChange, disabled, error, aria }: FieldProps<string> & Checked) {
  return (
    <div>
      <div className="mb-2 flex gap-1 text-sm font-medium">
        <label htmlFor={id} className="text-ink-100">
          Prompt
        </label>
        <span className="text-rose-glow" aria-hidden>
          *
        </span>
      </div>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        required
        {...aria}
        rows={5}
        maxLength={LIMITS.mediaPrompt}
        dir="auto"
        placeholder="e.g. Relaxing on a sunny beach in a white summer dress, golden hour"
        className={cn(FIELD, 'resize-y py-3')}
      />
      <FieldError fieldId={id} message={error} />
    </div>
  );
}
