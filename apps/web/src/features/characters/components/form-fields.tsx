import { LIMITS } from '@baegen/shared';
import { CharCounter, counterIdOf, nearLimit } from '../../../components/ui/char-counter';

// A field brought into view (the first bad one at submit) lands with its label below the fixed
// header and a toast beside it (scroll-mt-36).
export const FIELD_CLASSES =
  'w-full scroll-mt-36 rounded-xl border border-ink-700 bg-ink-900 px-4 py-3 text-ink-100 placeholder:text-ink-400 focus:border-rose-glow/60 focus:outline-none read-only:opacity-70 disabled:opacity-60 aria-invalid:border-red-400';

export const LABEL_CLASSES = 'mb-2 block text-sm font-medium text-ink-100';

/** The "*" after a required field's label; the field itself says `required` to assistive technology. */
export function RequiredMark() {
  return (
    <>
      {' '}
      <span className="text-rose-glow" aria-hidden>
        *
      </span>
    </>
  );
}

/** An optional free-text field of the character: a label, a four-line textarea and its counter. */
export function StoryField({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASSES}>
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={4}
        maxLength={LIMITS.characterText}
        dir="auto"
        aria-describedby={nearLimit(value.length, LIMITS.characterText) ? counterIdOf(id) : undefined}
        placeholder={placeholder}
        className={FIELD_CLASSES}
      />
      <CharCounter fieldId={id} length={value.length} max={LIMITS.characterText} />
    </div>
  );
}
