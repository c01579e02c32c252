import { type FormEvent, useId, useState } from 'react';
import { ArrowLeft, Image as ImageIcon, Sparkles, Video } from 'lucide-react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import { LIMITS, MESSAGES, type MediaType, ROUTES, SAMPLE_VIDEO_URL } from '@baegen/shared';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { ApiRequestError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useCharacterOptions } from './api/use-character-options';
import { useSaveMedia } from './api/use-create-media';
import { useGenerateImages } from './api/use-generate-images';
import { CharacterPreview } from './components/character-preview';
import { GeneratedResults } from './components/generated-results';

const TYPE_OPTIONS: { value: MediaType; label: string; icon: typeof Video }[] = [
  { value: 'video', label: 'Video', icon: Video },
  { value: 'image', label: 'Image', icon: ImageIcon },
];

const FIELD =
  'w-full rounded-2xl border border-ink-700 bg-ink-900 px-4 text-sm text-ink-100 placeholder:text-ink-400 focus:border-rose-glow/60 focus:outline-none disabled:opacity-60';

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
  const save = useSaveMedia();

  const [characterId, setCharacterId] = useState(routeCharacterId);
  const [routeSeen, setRouteSeen] = useState(routeCharacterId);
  // Another /media/new/{id} link while this page is open picks that character.
  if (routeCharacterId !== routeSeen) {
    setRouteSeen(routeCharacterId);
    setCharacterId(routeCharacterId);
  }
  const [type, setType] = useState<MediaType>('image');
  const [prompt, setPrompt] = useState('');
  const [results, setResults] = useState<string[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const character = characters.data?.find((option) => option.$id === characterId);
  const generating = generate.isPending;
  const saving = save.isPending;
  const hasResults = results.length > 0;
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
          setResults(urls);
          setSelected(new Set());
        },
        onError: (error) => failed(error, MESSAGES.media.generateFailed),
      },
    );
  };

  const toggle = (url: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(url)) next.delete(url);
      else next.add(url);
      return next;
    });

  const generateNew = () => {
    setResults([]);
    setSelected(new Set());
  };

  const saveImages = () => {
    if (!character || selected.size === 0) return;
    const chosen = results.filter((url) => selected.has(url));
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
          // Saved ones leave the grid, so trying again cannot store them twice.
          setResults((current) => current.filter((url) => !savedUrls.includes(url)));
          setSelected((current) => new Set([...current].filter((url) => !savedUrls.includes(url))));
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
            <div>
              <label htmlFor={ids.character} className="mb-2 block text-sm font-medium text-ink-100">
                Character
              </label>
              <select
                id={ids.character}
                value={characterId}
                onChange={(event) => setCharacterId(event.target.value)}
                disabled={locked || characters.isPending}
                className={cn(FIELD, 'h-11')}
              >
                <option value="">
                  {characters.isPending ? 'Loading characters...' : 'Select a character'}
                </option>
                {characters.data?.map((option) => (
                  <option key={option.$id} value={option.$id}>
                    {option.name}
                  </option>
                ))}
              </select>
              {characters.isError ? (
                <p className="mt-2 text-sm text-red-400">Your characters could not be loaded.</p>
              ) : null}
            </div>

            <fieldset disabled={locked}>
              <legend id={ids.type} className="mb-2 block text-sm font-medium text-ink-100">
                Media Type
              </legend>
              <div className="grid grid-cols-2 gap-3">
                {TYPE_OPTIONS.map(({ value, label, icon: Icon }) => (
                  <label
                    key={value}
                    className={cn(
                      'flex cursor-pointer items-center justify-center gap-2 rounded-2xl border px-4 py-3 text-sm font-medium transition',
                      type === value
                        ? 'border-rose-glow bg-rose-glow/10 text-rose-glow'
                        : 'border-ink-700 bg-ink-900 text-ink-300 hover:border-ink-600',
                      locked && 'cursor-not-allowed opacity-60',
                    )}
                  >
                    <input
                      type="radio"
                      name="media-type"
                      value={value}
                      checked={type === value}
                      onChange={() => setType(value)}
                      className="size-4 accent-rose-glow"
                    />
                    <Icon className="size-4" aria-hidden />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>

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
              urls={results}
              selected={selected}
              saving={saving}
              onToggle={toggle}
              onGenerateNew={generateNew}
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
