import { type FormEvent, useId, useState } from 'react';
import { ArrowLeft, Sparkles } from 'lucide-react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import {
  type CreateGenerationInput,
  FORM_TEXT,
  IMAGE_OUTPUTS,
  MESSAGES,
  PAGE_HEADINGS,
  PROVENANCE_TEXT,
  ROUTES,
  isActiveGeneration,
} from '@baegen/shared';
import { useCharacterOptions } from '../../api/characters.queries';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LeaveGuardDialog, useLeaveGuard } from '../../components/ui/leave-guard';
import { PageHeader } from '../../components/ui/page-header';
import { usePageTitle } from '../../lib/use-page-title';
import { useFieldErrors } from '../../lib/use-field-errors';
import { GenerationOptions, jobOptionsValue, useGenerationJob, useGenerationOptions } from '../generations';
import { useCreateMedia } from './api/use-create-media';
import { CharacterPreview } from './components/character-preview';
import { GeneratedResults } from './components/generated-results';
import { JobOutcome } from './components/job-outcome';
import { CharacterField, MediaTypeField, PromptField } from './components/media-form-fields';
import { NoCharacters } from './components/no-characters';
import { RunningJob } from './components/running-job';
import { useFormPrefill } from './use-form-prefill';
import { isAlreadySaved, isTooManyActive, isUnauthorized } from './media-form-errors';
import { rememberSaved, savedOutputs } from './saved-outputs';
import { useResultSelection } from './use-result-selection';

const CHECKED_FIELDS = ['character', 'prompt'] as const;

/** "Create AI Media": pick a character, a type and a prompt; a generation job runs and its images are chosen here. */
export function MediaFormPage() {
  usePageTitle(PAGE_HEADINGS.newMedia);
  const navigate = useNavigate();
  const ids = { character: useId(), prompt: useId(), type: useId() };
  const characters = useCharacterOptions();
  const tracked = useGenerationJob('media');
  const save = useCreateMedia();

  const fields = useFormPrefill();
  const { characterId, setCharacterId, type, setType, prompt, setPrompt } = fields;
  const results = useResultSelection();
  const fieldErrors = useFieldErrors((field: (typeof CHECKED_FIELDS)[number]) => ids[field], CHECKED_FIELDS);
  // Generate pressed on this visit: what replaces the button takes focus (not after a reload).
  const [generatedHere, setGeneratedHere] = useState(false);
  // SPEC: an image run makes 4 pictures unless the person asks for fewer.
  const options = useGenerationOptions('character', IMAGE_OUTPUTS);

  const job = tracked.job;
  // A job opened from the URL brings back what it was made from; once it succeeds, its images.
  const [jobSeen, setJobSeen] = useState<string | null>(null);
  const jobKey = job ? `${job.$id}:${job.status}` : null;
  if (job && jobKey !== jobSeen) {
    if (!jobSeen?.startsWith(`${job.$id}:`)) {
      setCharacterId(job.characterId ?? '');
      setPrompt(job.prompt);
      setType(job.kind === 'video' ? 'video' : 'image');
      if (job.kind !== 'video') options.setValue((current) => jobOptionsValue(current, job.options));
    }
    setJobSeen(jobKey);
    results.show(
      job.status === 'succeeded' && job.kind !== 'video' ? job.outputs : [],
      savedOutputs(job.$id),
    );
  }

  const character = characters.data?.find((option) => option.$id === characterId);
  const running = !!job && isActiveGeneration(job);
  const starting = tracked.create.isPending;
  const saving = save.isPending;
  const hasResults = results.urls.length > 0;
  // The results belong to the character, type and prompt they were made from: those stay put until "Generate New".
  const locked = starting || running || tracked.loading || saving || hasResults;
  // Results none of which is saved yet are what a stray click would lose: leaving asks first.
  const leave = useLeaveGuard(hasResults && results.saved.size === 0);

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(ROUTES.media);
  };

  const failed = (error: unknown, message: string) => {
    console.error(message, error);
    toast.error(isUnauthorized(error) ? MESSAGES.media.notLoggedIn : message);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    const text = prompt.trim();
    if (!character || !text) {
      toast.error(character ? MESSAGES.media.enterPrompt : MESSAGES.media.selectCharacter);
      fieldErrors.show({
        character: character ? undefined : FORM_TEXT.errors.character,
        prompt: text ? undefined : FORM_TEXT.errors.prompt,
      });
      return;
    }
    setGeneratedHere(true);
    const input: CreateGenerationInput =
      type === 'video'
        ? { kind: 'video', prompt: text, characterId: character.$id }
        : {
            kind: 'character',
            prompt: text,
            characterId: character.$id,
            subject: character.imageUrl,
            ...options.request(),
          };
    tracked.create.mutate(input, {
      onSuccess: (created) => tracked.follow(created.$id),
      onError: (error) =>
        isTooManyActive(error) ? toast.error(error.message) : failed(error, MESSAGES.media.generateFailed),
    });
  };

  const cancelJob = () => {
    if (!job) return;
    tracked.cancel.mutate(job.$id, {
      onError: (error) => failed(error, MESSAGES.generations.cancelFailed),
    });
  };

  const generateNew = () => {
    results.show([]);
    tracked.forget();
  };

  const saveImages = () => {
    if (!character || results.selected.size === 0) return;
    const chosen = results.urls.filter((url) => results.selected.has(url));
    save.mutate(
      chosen.map((url) => ({
        characterId: character.$id,
        type: 'image' as const,
        prompt: prompt.trim(),
        url,
        thumbnail: url,
      })),
      {
        onSuccess: (outcomes) => {
          const fresh = chosen.filter((_, index) => outcomes[index]?.status === 'fulfilled');
          // Saved before (Back, another tab): the server keeps one record per image.
          const earlier = chosen.filter((_, index) => isAlreadySaved(outcomes[index]));
          rememberSaved(tracked.jobId, [...fresh, ...earlier]);
          results.markSaved([...fresh, ...earlier]);
          const rejection = outcomes.find(
            (outcome): outcome is PromiseRejectedResult =>
              outcome.status === 'rejected' && !isAlreadySaved(outcome),
          );
          if (rejection) failed(rejection.reason, MESSAGES.media.imagesSaveFailed);
          else if (fresh.length === 0) toast.error(MESSAGES.media.alreadySaved);
          else {
            toast.success(MESSAGES.media.imagesSaved(fresh.length));
            leave.allowNextLeave();
            navigate(ROUTES.media);
          }
        },
        onError: (error) => failed(error, MESSAGES.media.imagesSaveFailed),
      },
    );
  };

  const noCharacters = characters.data?.length === 0 && !tracked.jobId;
  const submitLabel = starting ? 'Generating...' : type === 'video' ? 'Generate Video' : 'Generate Images';

  return (
    <>
      <PageHeader
        title={PAGE_HEADINGS.newMedia}
        subtitle="Describe a scene and get photos or a video of your Bae."
        actions={
          <Button variant="secondary" onClick={goBack} icon={ArrowLeft}>
            Back
          </Button>
        }
      />
      {noCharacters ? (
        <NoCharacters />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="space-y-8">
            <form
              onSubmit={onSubmit}
              noValidate
              className="card space-y-6 p-4 sm:p-6"
              aria-busy={starting || running || saving}
            >
              <CharacterField
                id={ids.character}
                value={characterId}
                onChange={(value) => {
                  setCharacterId(value);
                  fieldErrors.clear('character');
                }}
                error={fieldErrors.errors.character}
                aria={fieldErrors.fieldProps('character')}
                characters={characters.data}
                loading={characters.isPending}
                failed={characters.isError}
                disabled={locked}
              />
              <MediaTypeField id={ids.type} value={type} onChange={setType} disabled={locked} />

              <PromptField
                id={ids.prompt}
                value={prompt}
                onChange={(value) => {
                  setPrompt(value);
                  fieldErrors.clear('prompt');
                }}
                disabled={locked}
                error={fieldErrors.errors.prompt}
                aria={fieldErrors.fieldProps('prompt')}
              />
              {type === 'image' ? (
                <GenerationOptions
                  capabilities={options.capabilities}
                  value={options.value}
                  onChange={options.setValue}
                  disabled={locked}
                />
              ) : null}

              {job && !running && !hasResults ? <JobOutcome job={job} focusOnShow={generatedHere} /> : null}
              {running ? (
                <RunningJob
                  job={job}
                  cancelling={tracked.cancel.isPending}
                  onCancel={cancelJob}
                  focusOnShow={generatedHere}
                />
              ) : null}
              {hasResults || running ? null : (
                <Button
                  type="submit"
                  size="lg"
                  className="w-full"
                  loading={starting || tracked.loading}
                  icon={Sparkles}
                >
                  {submitLabel}
                </Button>
              )}
            </form>

            {hasResults ? (
              <GeneratedResults
                selection={results}
                saving={saving}
                onGenerateNew={generateNew}
                onSave={saveImages}
                focusOnShow={generatedHere}
              />
            ) : null}
          </div>

          <aside aria-label="Character preview" className="order-first lg:order-none">
            <CharacterPreview character={character} />
          </aside>
        </div>
      )}
      <ConfirmDialog
        open={fields.replace !== null}
        title={PROVENANCE_TEXT.replaceTitle}
        message={PROVENANCE_TEXT.replaceMessage}
        confirmLabel={PROVENANCE_TEXT.replaceConfirm}
        cancelLabel={PROVENANCE_TEXT.keepDraft}
        onConfirm={() => fields.replace?.confirm()}
        onCancel={() => fields.replace?.keep()}
      />
      <LeaveGuardDialog
        guard={leave}
        copy={{
          title: MESSAGES.generations.leaveTitle,
          message: MESSAGES.generations.leaveMessage,
          confirmLabel: MESSAGES.generations.leaveConfirm,
          cancelLabel: MESSAGES.generations.leaveCancel,
        }}
      />
    </>
  );
}
