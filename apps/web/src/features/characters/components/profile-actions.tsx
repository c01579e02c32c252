import { MessageCircle, Pencil } from 'lucide-react';
import { CHAT_LABELS, PROFILE_LABELS, ROUTES } from '@baegen/shared';
import { MEDIA_LINKS } from '../../../components/cards/character-card';
import { ExportCardLink } from '../../../components/cards/export-card-link';
import { ButtonLink } from '../../../components/ui/button-link';

/** What can be done with her: talk, make media, edit her, export her card. */
export function ProfileActions({ characterId, name }: { characterId: string; name: string }) {
  return (
    <nav aria-label={PROFILE_LABELS.actions} className="flex flex-wrap gap-2">
      <ButtonLink to={ROUTES.chatWith(characterId)} icon={MessageCircle} size="sm">
        {CHAT_LABELS.chat}
      </ButtonLink>
      {MEDIA_LINKS.map(({ label, type, icon }) => (
        <ButtonLink
          key={type}
          to={ROUTES.newMediaFor(characterId, type)}
          icon={icon}
          variant="secondary"
          size="sm"
        >
          {label}
        </ButtonLink>
      ))}
      <ButtonLink to={ROUTES.editCharacter(characterId)} icon={Pencil} variant="secondary" size="sm">
        {PROFILE_LABELS.edit}
      </ButtonLink>
      <ExportCardLink characterId={characterId} name={name} />
    </nav>
  );
}
