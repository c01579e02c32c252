import { LIMITS } from '@baegen/shared';

export const FIELD_CLASSES =
  'w-full rounded-xl border border-ink-700 bg-ink-900 px-4 py-3 text-ink-100 placeholder:text-ink-400 focus:border-rose-glow/60 focus:outline-none read-only:opacity-70 disabled:opacity-60';

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

/** An optional free-text field of the character: a label and a four-line textarea. */
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
        placeholder={placeholder}
        className={FIELD_CLASSES}
      />
    </div>
  );
}
