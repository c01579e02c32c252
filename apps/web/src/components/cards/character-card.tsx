import { Image as ImageIcon, MessageCircle, Pencil, Trash2, Video } from 'lucide-react';
import { Link } from '../ui/link';
import {
  CHARACTER_DESCRIPTION_PREVIEW,
  CHAT_LABELS,
  type Character,
  ROUTES,
  formatDate,
  truncate,
} from '@baegen/shared';
import { buttonClasses } from '../ui/button';
import { CARD_PICTURES, CHARACTER_SIZES, COMPACT_SIZES } from './card-pictures';
import { CharacterImage } from './character-image';
import { type CardProps, CompactCard } from './compact-card';
import { ExportCardLink } from './export-card-link';
import { FavoriteButton } from './favorite-button';

/** Compact, the dashboard's recent card: picture, name and date, one link to the media form for her. */
export type CharacterCardProps = CardProps<'character', Character>;

const ICON_BUTTON =
  'grid size-9 place-items-center rounded-full bg-ink-950/70 text-ink-100 backdrop-blur transition hover:bg-ink-800';

// Both open the media form for this character, each with its own type preselected.
export const MEDIA_LINKS = [
  { label: 'Video', type: 'video', icon: Video },
  { label: 'Image', type: 'image', icon: ImageIcon },
] as const;

function CharacterDate({ character, className }: { character: Character; className?: string }) {
  return (
    <time dateTime={character.createdAt} className={className}>
      {formatDate(character.createdAt)}
    </time>
  );
}

export function CharacterCard(props: CharacterCardProps) {
  const { character, priority } = props;
  const { $id: id, name } = character;

  if (props.compact) {
    return (
      <CompactCard
        to={ROUTES.newMediaFor(id)}
        testId="recent-character"
        picture={
          <CharacterImage
            src={character.imageUrl}
            name={name}
            alt=""
            className="absolute inset-0 size-full"
            sizes={COMPACT_SIZES}
            priority={priority}
          />
        }
        title={name}
        meta={<CharacterDate character={character} />}
      />
    );
  }

  const { onDelete, onFavorite } = props;
  return (
    <article className="card group flex flex-col overflow-hidden" data-testid="character-card">
      <div className="relative">
        {/* Out of the tab order: the name below is the same link for the keyboard. */}
        <Link to={ROUTES.character(id)} tabIndex={-1} className="block">
          <CharacterImage
            src={character.imageUrl}
            name={name}
            alt={name}
            className={`${CARD_PICTURES.character} w-full transition duration-300 group-hover:scale-[1.02]`}
            sizes={CHARACTER_SIZES}
            priority={priority}
          />
        </Link>
        <div className="absolute top-3 right-3 flex gap-2">
          {onFavorite ? (
            <FavoriteButton
              favorite={character.favorite}
              subject={name}
              onToggle={(favorite) => onFavorite(character, favorite)}
            />
          ) : null}
          <Link
            to={ROUTES.editCharacter(id)}
            className={ICON_BUTTON}
            aria-label={`Edit ${name}`}
            title="Edit"
          >
            <Pencil className="size-4" aria-hidden />
          </Link>
          <ExportCardLink characterId={id} name={name} className={ICON_BUTTON} iconOnly />
          <button
            type="button"
            className={`${ICON_BUTTON} hover:text-red-400`}
            aria-label={`Delete ${name}`}
            title="Delete"
            onClick={() => onDelete(character)}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-baseline justify-between gap-3">
          <h2 className="truncate text-lg font-semibold" title={name}>
            <Link to={ROUTES.character(id)} className="hover:text-rose-glow">
              {name}
            </Link>
          </h2>
          <CharacterDate character={character} className="shrink-0 text-xs text-ink-400" />
        </div>
        <p className="mt-2 flex-1 text-sm break-words text-ink-300">
          {truncate(character.description, CHARACTER_DESCRIPTION_PREVIEW)}
        </p>
        <div className="mt-4 grid grid-cols-3 gap-2">
          <Link
            to={ROUTES.chatWith(id)}
            className={buttonClasses('primary', 'sm')}
            aria-label={CHAT_LABELS.chatWith(name)}
          >
            <MessageCircle className="size-4" aria-hidden />
            {CHAT_LABELS.chat}
          </Link>
          {MEDIA_LINKS.map(({ label, type, icon: Icon }) => (
            <Link
              key={label}
              to={ROUTES.newMediaFor(id, type)}
              className={buttonClasses('secondary', 'sm')}
              aria-label={`${label} of ${name}`}
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </Link>
          ))}
        </div>
      </div>
    </article>
  );
}
