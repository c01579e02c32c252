import { type FormEvent, useId, useState } from 'react';
import { Rocket, Save, Sparkles, Wand2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { LIMITS, MESSAGES, ROUTES, defaultAvatarUrl } from '@baegen/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { AssistButton } from './assist-button';
import { ApiRequestError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useImproveAppearance } from '../api/use-improve-appearance';
import { useSaveCharacter } from '../api/use-save-character';
import { type CharacterFormValues, portraitPrompt, toCharacterInput } from '../character-form.model';
import { CARD_PICTURES } from '../../../components/cards/card-pictures';
import { CharacterImage } from '../../../components/cards/character-image';
import { ExportCardLink } from '../../../components/cards/export-card-link';
import { FIELD_CLASSES, LABEL_CLASSES, RequiredMark, StoryField } from './form-fields';
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
  const [action, setAction] = useState<'idle' | 'optimizing' | 'saving'>('idle');
  const [knownPortrait, setKnownPortrait] = useState<KnownPortrait | null>(null);
  const save = useSaveCharacter();
  const improve = useImproveAppearance();
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
  const portraitOptions = useGenerationOptions('image', 1);
  // The portrait's job outlives a reload, so generating is read from it rather than kept here.
  const state: CharacterFormState = portrait.running ? 'generating' : action;

  const upload = usePortraitUpload((url) => {
    setValues((current) => ({ ...current, imageUrl: url }));
    setKnownPortrait({ url, origin: 'uploaded' });
    toast.success(MESSAGES.characters.photoUploaded);
  });

  const busy = state !== 'idle' || upload.progress !== null;
  const set = (field: keyof CharacterFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onOptimize = async () => {
    if (!values.appearance.trim()) {
      toast.error(MESSAGES.characters.appearanceNeededToImprove);
      return;
    }
    setAction('optimizing');
    try {
      const { prompt } = await improve.mutateAsync(values.appearance.trim().slice(0, LIMITS.appearance));
      setValues((current) => ({ ...current, appearance: prompt.slice(0, LIMITS.characterText) }));
      toast.success(MESSAGES.characters.improved);
    } catch (error) {
      toast.error(generationFailure(error, MESSAGES.characters.improveFailed));
    } finally {
      setAction('idle');
    }
  };

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
    const result = toCharacterInput(values);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    setAction('saving');
    try {
      await save.mutateAsync({ id: characterId, input: result.input });
      toast.success(editing ? MESSAGES.characters.updated : MESSAGES.characters.created);
      // Idle again before leaving: if Back returns before the list page has replaced this one,
      // React keeps this very form, and it must not stay locked in "saving".
      setAction('idle');
      navigate(ROUTES.characters);
    } catch (error) {
      toast.error(
        error instanceof ApiRequestError && error.status === 401
          ? MESSAGES.characters.notLoggedIn
          : MESSAGES.characters.saveFailed,
      );
      setAction('idle');
    }
  };

  const id = (field: string) => `${ids}-${field}`;

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
        <div>
          <label htmlFor={id('name')} className={LABEL_CLASSES}>
            Character Name
            <RequiredMark />
          </label>
          <input
            id={id('name')}
            value={values.name}
            onChange={(event) => set('name')(event.target.value)}
            required
            aria-required
            maxLength={LIMITS.characterName}
            autoComplete="off"
            placeholder="e.g. Luna Vale"
            className={FIELD_CLASSES}
          />
        </div>

        <PortraitField
          id={id('image')}
          value={values.imageUrl}
          onChange={set('imageUrl')}
          known={knownPortrait}
          upload={upload}
          onGenerate={onGenerate}
          generation={portrait}
          busy={busy}
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

        <div>
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <label htmlFor={id('appearance')} className="block text-sm font-medium text-ink-100">
              Appearance Parameters
              <RequiredMark />
            </label>
            <AssistButton
              size="sm"
              onClick={onOptimize}
              disabled={busy}
              running={state === 'optimizing'}
              icon={Wand2}
              label="Optimize Prompt"
              runningLabel="Optimizing..."
            />
          </div>
          <textarea
            id={id('appearance')}
            value={values.appearance}
            onChange={(event) => set('appearance')(event.target.value)}
            readOnly={state === 'optimizing'}
            required
            aria-required
            rows={5}
            maxLength={LIMITS.characterText}
            placeholder="Hair, eyes, face, build, style, clothing..."
            className={FIELD_CLASSES}
          />
        </div>

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
    </form>
  );
}
