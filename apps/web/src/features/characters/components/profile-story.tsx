import { type Character, PROFILE_LABELS, formatDate } from '@baegen/shared';
import { CARD_PICTURES } from '../../../components/cards/card-pictures';
import { CharacterImage } from '../../../components/cards/character-image';
import { parseAttributes } from '../character-form.model';
import { ProfileActions } from './profile-actions';

function StoryPart({ heading, text }: { heading: string; text: string }) {
  return (
    <div>
      <h3 className="text-sm font-semibold tracking-wide text-ink-400 uppercase">{heading}</h3>
      <p
        className={`mt-1 break-words whitespace-pre-line ${text.trim() ? 'text-ink-200' : 'text-ink-400 italic'}`}
      >
        {text.trim() || PROFILE_LABELS.notWritten}
      </p>
    </div>
  );
}

/** Her portrait, name, the actions, then her background, appearance and personality. */
export function ProfileStory({ character }: { character: Character }) {
  const { $id: id, name } = character;
  const { appearance, personality } = parseAttributes(character.attributes);
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,340px)_minmax(0,1fr)]">
      <CharacterImage
        src={character.imageUrl}
        name={name}
        alt={name}
        fit="contain"
        className={`${CARD_PICTURES.character} card w-full`}
      />
      <div className="min-w-0 space-y-6">
        <div>
          <h1 className="text-3xl font-bold break-words text-ink-100 sm:text-4xl">{name}</h1>
          <time dateTime={character.createdAt} className="mt-1 block text-sm text-ink-400">
            {formatDate(character.createdAt)}
          </time>
        </div>
        <ProfileActions characterId={id} name={name} />
        <section aria-labelledby="profile-story-heading" className="card space-y-5 p-5 sm:p-6">
          <h2 id="profile-story-heading" className="text-xl font-semibold">
            {PROFILE_LABELS.story}
          </h2>
          <StoryPart heading={PROFILE_LABELS.background} text={character.description} />
          <StoryPart heading={PROFILE_LABELS.personality} text={personality} />
          <StoryPart heading={PROFILE_LABELS.appearance} text={appearance} />
        </section>
      </div>
    </div>
  );
}
