import { Image as ImageIcon, Pencil, Trash2, Video } from 'lucide-react';
import { Link } from 'react-router';
import { CHARACTER_DESCRIPTION_PREVIEW, type Character, ROUTES, formatDate, truncate } from '@baegen/shared';
import { buttonClasses } from '../../../components/ui/button';
import { CharacterImage } from './character-image';

export interface CharacterCardProps {
  character: Character;
  onDelete: (character: Character) => void;
}

export function CharacterCard({ character, onDelete }: CharacterCardProps) {
  const { $id: id, name } = character;
  const iconButton =
    'grid size-9 place-items-center rounded-full bg-ink-950/70 text-ink-100 backdrop-blur transition hover:bg-ink-800';
  return (
    <article className="card group flex flex-col overflow-hidden" data-testid="character-card">
      <div className="relative">
        <CharacterImage
          src={character.imageUrl}
          name={name}
          alt={name}
          className="aspect-[4/3] w-full transition duration-300 group-hover:scale-[1.02] sm:aspect-square"
        />
        <div className="absolute top-3 right-3 flex gap-2">
          <Link to={ROUTES.editCharacter(id)} className={iconButton} aria-label={`Edit ${name}`} title="Edit">
            <Pencil className="size-4" aria-hidden />
          </Link>
          <button
            type="button"
            className={`${iconButton} hover:text-red-400`}
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
            {name}
          </h2>
          <time dateTime={character.createdAt} className="shrink-0 text-xs text-ink-400">
            {formatDate(character.createdAt)}
          </time>
        </div>
        <p className="mt-2 flex-1 text-sm break-words text-ink-300">
          {truncate(character.description, CHARACTER_DESCRIPTION_PREVIEW)}
        </p>
        <div className="mt-4 grid grid-cols-2 gap-2">
          <Link
            to={ROUTES.newMediaFor(id)}
            className={buttonClasses('secondary', 'sm')}
            aria-label={`Video of ${name}`}
          >
            <Video className="size-4" aria-hidden />
            Video
          </Link>
          <Link
            to={ROUTES.newMediaFor(id)}
            className={buttonClasses('secondary', 'sm')}
            aria-label={`Image of ${name}`}
          >
            <ImageIcon className="size-4" aria-hidden />
            Image
          </Link>
        </div>
      </div>
    </article>
  );
}
