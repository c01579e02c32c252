import type { CharacterOption } from '../../../api/characters.queries';

/** The chosen character's picture and name: a compact row on phones, a portrait beside the form on desktop. */
export function CharacterPreview({ character }: { character: CharacterOption | undefined }) {
  if (!character) {
    return (
      <div
        className="card grid place-items-center p-6 text-center text-sm text-ink-400 lg:aspect-[3/4]"
        data-testid="character-preview"
      >
        Select a character to see her here.
      </div>
    );
  }
  return (
    <figure
      className="card flex items-center gap-4 overflow-hidden p-3 lg:block lg:p-0"
      data-testid="character-preview"
    >
      <img
        src={character.imageUrl}
        alt={character.name}
        className="size-20 shrink-0 rounded-xl bg-ink-850 object-cover lg:aspect-[3/4] lg:size-auto lg:w-full lg:rounded-none"
      />
      <figcaption className="min-w-0 truncate text-lg font-semibold lg:p-4 lg:text-center">
        {character.name}
      </figcaption>
    </figure>
  );
}
