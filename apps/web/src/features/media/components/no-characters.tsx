import { Plus, Users } from 'lucide-react';
import { MESSAGES, ROUTES } from '@baegen/shared';
import { ButtonLink } from '../../../components/ui/button-link';
import { EmptyState } from '../../../components/ui/empty-state';

/** Media is always of a character: with none yet, the form leads to making one instead. */
export function NoCharacters() {
  return (
    <EmptyState
      icon={<Users className="size-8" aria-hidden />}
      title={MESSAGES.dashboard.noCharacters}
      text={MESSAGES.media.needsCharacter}
      action={
        <ButtonLink to={ROUTES.newCharacter} icon={Plus}>
          Create Character
        </ButtonLink>
      }
    />
  );
}
