import { type FormEvent, useId, useState } from 'react';
import { Rocket, Save, Sparkles } from 'lucide-react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { FORM_TEXT, MESSAGES, ROUTES, defaultAvatarUrl } from '@baegen/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LeaveGuardDialog, useLeaveGuard } from '../../../components/ui/leave-guard';
import { ApiRequestError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useFieldErrors } from '../../../lib/use-field-errors';
import { useAppearanceOptimizer } from '../api/use-appearance-optimizer';
import { useSaveCharacter } from '../api/use-save-character';
import {
  CHECKED_FIELDS,
  type CharacterFormValues,
  type CheckedField,
  isDirty,
  portraitPrompt,
  toCharacterInput,
} from '../character-form.model';
import { CARD_PICTURES } from '../../../components/cards/card-pictures';
import { CharacterImage } from '../../../components/cards/character-image';
import { ExportCardLink } from '../../../components/cards/export-card-link';
import { AppearanceField, NameField } from './character-fields';
import { StoryField } from './form-fields';
import type { KnownPortrait } from '../api/use-portrait-origin';
import { PortraitField } from './portrait-field';
import { PortraitOptions } from './portrait-options';
import { useGenerationOptions } from '../../generations';
import { usePortraitJob } from '../api/use-portrait-job';
import { usePortraitUpload } from '../api/use-portrait-upload';

/** What the form is doing; docs/product.md §4.4 (loading is the page's state before this form exists). */
export type CharacterFormState = 'idle' | 'generating' | 'optimizing' | 'saving';

const STATUS_TEXT: Record<CharacterFormState, string> = {
  idle: '',
  generating: 'Generating image...',
  optimizing: 'Optimizing prompt...',
  saving: 'Saving character...',
};

const PREVIEW_DEBOUNCE_MS = 400;

/**
 * The toast for a failed generation call: a refused prompt (422) or a rate limit (429) says why in
 * the server's own words, anything else (a job that ended without a picture too) gets the form's
 * message.
 */
function generationFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && (error.status === 422 || error.status === 429)) {
    return error.message;
  }
  return fallback;
}

export interface CharacterFormProps {
  /** The character being edited; absent when creating one. */
  characterId?: string;
  initialValues: CharacterFormValues;
}

const STORY_FIELDS = [
  {
    name: 'description',
    label: 'Background Description',
    placeholder: 'Where she comes from, what she does, what she loves...',
  },
  {
    name: 'personality',
    label: 'Personality Matrix',
    placeholder: 'Playful, curious, a little sarcastic...',
  },
] as const;

export function CharacterForm({ characterId, initialValues }: CharacterFormProps) {
  const editing = characterId !== undefined;
  const navigate = useNavigate();
  const ids = useId();
  const [values, setValues] = useState(initialValues);
  const [saving, setSaving] = useState(false);
  const [knownPortrait, setKnownPortrait] = useState<KnownPortrait | null>(null);
  const save = useSaveCharacter();
  const id = (field: string) => `${ids}-${field}`;
  const fieldErrors = useFieldErrors<CheckedField>(id, CHECKED_FIELDS);
  const previewUrl = useDebouncedValue(values.imageUrl, PREVIEW_DEBOUNCE_MS);

  const portrait = usePortraitJob(characterId, {
    onGenerated: (url, live) => {
      setValues((current) => ({ ...current, imageUrl: url }));
      setKnownPortrait({ url, origin: 'generated' });
      if (live) toast.success(MESSAGES.characters.imageGenerated);
    },
    onFailed: (error) => {
      setValues((current) => ({ ...current, imageUrl: defaultAvatarUrl(current.name.trim()) }));
      toast.error(generationFailure(error, MESSAGES.characters.imageFailed));
    },
  });
  const set = (field: keyof CharacterFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if ((CHECKED_FIELDS as readonly string[]).includes(field)) fieldErrors.clear(field as CheckedField);
  };
  const optimizer = useAppearanceOptimizer(values.appearance, set('appearance'));
  const portraitOptions = useGenerationOptions('image', 1);
  // The portrait's job outlives a reload, so generating is read from it rather than kept here.
  let state: CharacterFormState = saving ? 'saving' : 'idle';
  if (portrait.running) state = 'generating';
  else if (optimizer.running) state = 'optimizing';
  // Filled in and not saved: Back, a link or the header's navigation asks before dropping it.
  const leave = useLeaveGuard(isDirty(values, initialValues));

  const upload = usePortraitUpload((url) => {
    setValues((current) => ({ ...current, imageUrl: url }));
    setKnownPortrait({ url, origin: 'uploaded' });
    toast.success(MESSAGES.characters.photoUploaded);
  });

  const busy = state !== 'idle' || upload.progress !== null;

  const onGenerate = async () => {
    if (!values.appearance.trim()) {
      toast.error(MESSAGES.characters.appearanceNeededToGenerate);
      return;
    }
    portrait.start(portraitPrompt(values.name, values.appearance), portraitOptions.request());
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // Inside the try: checking the form loads the schemas, and a dropped load must say so.
    try {
      const result = await toCharacterInput(values);
      if (!result.ok) {
        toast.error(result.message);
        fieldErrors.show(result.errors);
        return;
      }
      setSaving(true);
      await save.mutateAsync({ id: characterId, input: result.input });
      toast.success(editing ? MESSAGES.characters.updated : MESSAGES.characters.created);
      // Idle again before leaving: if Back returns before the list page has replaced this one,
      // React keeps this very form, and it must not stay locked in "saving".
      setSaving(false);
      leave.allowNextLeave();
      navigate(ROUTES.characters);
    } catch (error) {
      toast.error(
        error instanceof ApiRequestError && error.status === 401
          ? MESSAGES.characters.notLoggedIn
          : MESSAGES.characters.saveFailed,
      );
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={busy || undefined}
      className="grid gap-8 lg:grid-cols-[minmax(0,340px)_minmax(0,1fr)]"
    >
      <aside className="card flex h-fit items-center gap-4 p-4 lg:sticky lg:top-24 lg:block">
        <div className="relative w-28 shrink-0 overflow-hidden rounded-xl sm:w-36 lg:w-full">
          <CharacterImage
            src={previewUrl}
            name={values.name.trim()}
            alt={values.name.trim() ? `Preview of ${values.name.trim()}` : 'Character preview'}
            fit="contain"
            className={`${CARD_PICTURES.character} w-full`}
          />
          {state === 'generating' ? (
            <div className="absolute inset-0 grid place-items-center bg-ink-950/70 text-ink-100">
              <Sparkles className="size-6 animate-pulse text-rose-glow" aria-hidden />
            </div>
          ) : null}
        </div>
        <div className="lg:mt-3">
          <p className="text-sm font-medium text-ink-100">Preview</p>
          <p className="mt-1 text-xs text-ink-400">
            {state === 'generating'
              ? STATUS_TEXT.generating
              : 'Leave the URL empty to use an avatar made from the name.'}
          </p>
          {characterId ? (
            <ExportCardLink
              characterId={characterId}
              name={initialValues.name}
              className={buttonClasses('secondary', 'sm', 'mt-3')}
            />
          ) : null}
        </div>
      </aside>

      <fieldset disabled={state === 'saving'} className="card min-w-0 space-y-6 p-5 sm:p-8">
        <legend className="sr-only">{editing ? 'Modify AI Character' : 'Create AI Character'}</legend>
        <NameField
          id={id('name')}
          value={values.name}
          onChange={set('name')}
          error={fieldErrors.errors.name}
          aria={(counter) => fieldErrors.fieldProps('name', counter)}
        />

        <PortraitField
          id={id('image')}
          value={values.imageUrl}
          onChange={set('imageUrl')}
          known={knownPortrait}
          upload={upload}
          onGenerate={onGenerate}
          generation={portrait}
          busy={busy}
          error={fieldErrors.errors.imageUrl}
        />
        <PortraitOptions
          options={portraitOptions}
          choices={portrait.choices}
          value={values.imageUrl}
          onChoose={(url) => {
            set('imageUrl')(url);
            setKnownPortrait({ url, origin: 'generated' });
          }}
          disabled={busy}
        />

        <AppearanceField
          id={id('appearance')}
          value={values.appearance}
          onChange={set('appearance')}
          error={fieldErrors.errors.appearance}
          aria={(counter) => fieldErrors.fieldProps('appearance', counter)}
          optimizing={state === 'optimizing'}
          busy={busy}
          onOptimize={optimizer.optimize}
          onUndo={optimizer.undo}
        />

        {STORY_FIELDS.map((field) => (
          <StoryField
            key={field.name}
            id={id(field.name)}
            label={field.label}
            value={values[field.name]}
            onChange={set(field.name)}
            placeholder={field.placeholder}
          />
        ))}

        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:items-center sm:justify-between">
          <p role="status" aria-live="polite" className="text-sm text-ink-300">
            {STATUS_TEXT[state]}
          </p>
          <Button
            type="submit"
            size="lg"
            disabled={busy}
            loading={state === 'saving'}
            icon={editing ? Save : Rocket}
          >
            {editing ? 'Update Character' : 'Deploy Character'}
          </Button>
        </div>
      </fieldset>
      <LeaveGuardDialog
        guard={leave}
        copy={{
          title: FORM_TEXT.leaveTitle,
          message: FORM_TEXT.leaveMessage,
          confirmLabel: FORM_TEXT.leaveConfirm,
          cancelLabel: FORM_TEXT.leaveCancel,
        }}
      />
    </form>
  );
}
