import { Undo2, Wand2 } from 'lucide-react';
import { FORM_TEXT, LIMITS } from '@baegen/shared';
import { Button } from '../../../components/ui/button';
import { CharCounter, counterIdOf, nearLimit } from '../../../components/ui/char-counter';
import { FieldError } from '../../../components/ui/field-error';
import { AssistButton } from './assist-button';
import { FIELD_CLASSES, LABEL_CLASSES, RequiredMark } from './form-fields';

/** What a checked field of the form is given: its control's id, value, error and aria attributes. */
interface CheckedFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** aria-invalid and the error's id, from the form's field errors. */
  aria: (counterId?: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
}

const counterFor = (id: string, value: string, max: number) =>
  nearLimit(value.length, max) ? counterIdOf(id) : undefined;

/** "Character Name", required, with its inline error and a counter near the 100-character limit. */
export function NameField({ id, value, onChange, error, aria }: CheckedFieldProps) {
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASSES}>
        Character Name
        <RequiredMark />
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
        aria-required
        {...aria(counterFor(id, value, LIMITS.characterName))}
        maxLength={LIMITS.characterName}
        autoComplete="off"
        dir="auto"
        placeholder="e.g. Luna Vale"
        className={FIELD_CLASSES}
      />
      <FieldError fieldId={id} message={error} />
      <CharCounter fieldId={id} length={value.length} max={LIMITS.characterName} />
    </div>
  );
}

/**
 * "Appearance Parameters", required, with Optimize Prompt (and its Undo while the rewrite stands),
 * the inline error and a counter near the 4,000-character limit.
 */
export function AppearanceField({
  id,
  value,
  onChange,
  error,
  aria,
  optimizing,
  busy,
  onOptimize,
  onUndo,
}: CheckedFieldProps & {
  optimizing: boolean;
  busy: boolean;
  onOptimize: () => Promise<void>;
  onUndo: (() => void) | null;
}) {
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-ink-100">
          Appearance Parameters
          <RequiredMark />
        </label>
        <div className="flex gap-2">
          {onUndo ? (
            <Button
              variant="ghost"
              size="sm"
              icon={Undo2}
              onClick={() => {
                onUndo();
                document.getElementById(id)?.focus();
              }}
              disabled={busy}
              aria-label={FORM_TEXT.undoOptimizeLabel}
            >
              {FORM_TEXT.undoOptimize}
            </Button>
          ) : null}
          <AssistButton
            size="sm"
            onClick={onOptimize}
            disabled={busy}
            running={optimizing}
            icon={Wand2}
            label="Optimize Prompt"
            runningLabel="Optimizing..."
          />
        </div>
      </div>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        readOnly={optimizing}
        required
        aria-required
        {...aria(counterFor(id, value, LIMITS.characterText))}
        rows={5}
        maxLength={LIMITS.characterText}
        dir="auto"
        placeholder="Hair, eyes, face, build, style, clothing..."
        className={FIELD_CLASSES}
      />
      <FieldError fieldId={id} message={error} />
      <CharCounter fieldId={id} length={value.length} max={LIMITS.characterText} />
    </div>
  );
}
