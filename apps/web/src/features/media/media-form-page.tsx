import { type FormEvent, useId, useState } from 'react';
import { ArrowLeft, Sparkles } from 'lucide-react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import { LIMITS, MESSAGES, type MediaType, ROUTES, SAMPLE_VIDEO_URL } from '@baegen/shared';
import { useCharacterOptions } from '../../api/characters.queries';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { ApiRequestError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useCreateMedia } from './api/use-create-media';
import { useGenerateImages } from './api/use-generate-images';
import { CharacterPreview } from './components/character-preview';
import { GeneratedResults } from './components/generated-results';
import { CharacterField, FIELD, MediaTypeField } from './components/media-form-fields';
import { useResultSelection } from './use-result-selection';

function isUnauthorized(error: unknown) {
  return error instanceof ApiRequestError && error.status === 401;
}

/** "Create AI Media": pick a character, a type and a prompt; images are generated and chosen here. */
export function MediaFormPage() {
  const { characterId: routeCharacterId = '' } = useParams();
  const navigate = useNavigate();
  const ids = { character: useId(), prompt: useId(), type: useId() };
  const characters = useCharacterOptions();
  const generate = useGenerateImages();
  const save = useCreateMedia();

  const [characterId, setCharacterId] = useState(routeCharacterId);
  const [routeSeen, setRouteSeen] = useState(routeCharacterId);
  // Another /media/new/{id} link while this page is open picks that character.
  if (routeCharacterId !== routeSeen) {
    setRouteSeen(routeCharacterId);
    setCharacterId(routeCharacterId);
  }
  const [type, setType] = useState<MediaType>('image');
  const [prompt, setPrompt] = useState('');
  const results = useResultSelection();

  const character = characters.data?.find((option) => option.$id === characterId);
  const generating = generate.isPending;
  const saving = save.isPending;
  const hasResults = results.urls.length > 0;
  // The results belong to the character, type and prompt they were made from: those stay put until "Generate New".
  const locked = generating || saving || hasResults;

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(ROUTES.media);
  };

  const failed = (error: unknown, message: string) => {
    console.error(message, error);
    toast.error(isUnauthorized(error) ? MESSAGES.media.notLoggedIn : message);
  };

  const saveVideo = (chosen: NonNullable<typeof character>, text: string) => {
    // SPEC.md §7: the video flow is a placeholder that stores the bundled sample clip.
    save.mutate(
      [
        {
          characterId: chosen.$id,
          type: 'video',
          prompt: text,
          url: SAMPLE_VIDEO_URL,
          thumbnail: chosen.imageUrl,
        },
      ],
      {
        onSuccess: ([outcome]) => {
          if (outcome?.status === 'fulfilled') {
            toast.success(MESSAGES.media.videoQueued);
            navigate(ROUTES.media);
          } else {
            failed(outcome?.reason, MESSAGES.media.generateFailed);
          }
        },
        onError: (error) => failed(error, MESSAGES.media.generateFailed),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    if (!character) {
      toast.error(MESSAGES.media.selectCharacter);
      return;
    }
    const text = prompt.trim();
    if (!text) {
      toast.error(MESSAGES.media.enterPrompt);
      return;
    }
    if (type === 'video') {
      saveVideo(character, text);
      return;
    }
    generate.mutate(
      { prompt: text, subject: character.imageUrl },
      {
        onSuccess: ({ urls }) => {
          if (urls.length === 0) {
            toast.error(MESSAGES.media.generateFailed);
            return;
          }
          results.show(urls);
        },
        onError: (error) => failed(error, MESSAGES.media.generateFailed),
      },
    );
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
          const savedUrls = chosen.filter((_, index) => outcomes[index]?.status === 'fulfilled');
          const rejection = outcomes.find((outcome) => outcome.status === 'rejected');
          if (!rejection) {
            toast.success(MESSAGES.media.imagesSaved(savedUrls.length));
            navigate(ROUTES.media);
            return;
          }
          results.drop(savedUrls);
          failed(rejection.reason, MESSAGES.media.imagesSaveFailed);
        },
        onError: (error) => failed(error, MESSAGES.media.imagesSaveFailed),
      },
    );
  };

  const submitLabel = generating
    ? 'Generating...'
    : type === 'video'
      ? saving
        ? 'Saving...'
        : 'Generate Video'
      : 'Generate Images';

  return (
    <>
      <PageHeader
        title="Create AI Media"
        subtitle="Describe a scene and get photos or a video of your Bae."
        actions={
          <Button variant="secondary" onClick={goBack} icon={<ArrowLeft className="size-4" aria-hidden />}>
            Back
          </Button>
        }
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-8">
          <form
            onSubmit={onSubmit}
            noValidate
            className="card space-y-6 p-4 sm:p-6"
            aria-busy={generating || saving}
          >
            <CharacterField
              id={ids.character}
              value={characterId}
              onChange={setCharacterId}
              characters={characters.data}
              loading={characters.isPending}
              failed={characters.isError}
              disabled={locked}
            />
            <MediaTypeField id={ids.type} value={type} onChange={setType} disabled={locked} />

            <div>
              <div className="mb-2 flex gap-1 text-sm font-medium">
                <label htmlFor={ids.prompt} className="text-ink-100">
                  Prompt
                </label>
                <span className="text-rose-glow" aria-hidden>
                  *
                </span>
              </div>
              <textarea
                id={ids.prompt}
                value={prompt}
                onChange={(event) => setPrompt(event.target.value)}
                disabled={locked}
                required
                rows={5}
                maxLength={LIMITS.mediaPrompt}
                placeholder="e.g. Relaxing on a sunny beach in a white summer dress, golden hour"
                className={cn(FIELD, 'resize-y py-3')}
              />
            </div>

            {hasResults ? null : (
              <Button
                type="submit"
                size="lg"
                className="w-full"
                loading={generating || saving}
                icon={<Sparkles className="size-5" aria-hidden />}
              >
                {submitLabel}
              </Button>
            )}
          </form>

          {hasResults ? (
            <GeneratedResults
              selection={results}
              saving={saving}
              onGenerateNew={() => results.show([])}
              onSave={saveImages}
            />
          ) : null}
        </div>

        <aside aria-label="Character preview" className="order-first lg:order-none">
          <CharacterPreview character={character} />
        </aside>
      </div>
    </>
  );
}
