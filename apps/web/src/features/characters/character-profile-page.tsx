import { ArrowLeft, UserX } from 'lucide-react';
import { useParams } from 'react-router';
import { MESSAGES, PROFILE_LABELS, ROUTES } from '@baegen/shared';
import { useCharacter } from '../../api/characters.queries';
import { CARD_PICTURES } from '../../components/cards/card-pictures';
import { ButtonLink } from '../../components/ui/button-link';
import { EmptyState } from '../../components/ui/empty-state';
import { RetryState } from '../../components/ui/retry-state';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiRequestError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { ProfileChats } from './components/profile-chats';
import { ProfileGallery } from './components/profile-gallery';
import { ProfileStory } from './components/profile-story';

function ProfileSkeleton() {
  return (
    <div
      className="grid gap-8 lg:grid-cols-[minmax(0,340px)_minmax(0,1fr)]"
      role="status"
      aria-label={PROFILE_LABELS.loading}
    >
      <Skeleton className={`${CARD_PICTURES.character} w-full`} />
      <div className="space-y-4">
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    </div>
  );
}

/** /characters/:id: who she is, what was made of her and the chats with her. */
export function CharacterProfilePage() {
  const { id = '' } = useParams<{ id: string }>();
  const character = useCharacter(id);
  usePageTitle(character.data?.name ?? PROFILE_LABELS.loadingTitle);

  const back = (
    <ButtonLink to={ROUTES.characters} icon={ArrowLeft} variant="ghost" size="sm">
      {PROFILE_LABELS.backToCharacters}
    </ButtonLink>
  );

  if (character.error) {
    const notFound = character.error instanceof ApiRequestError && character.error.status === 404;
    return notFound ? (
      <EmptyState
        icon={<UserX className="size-8" aria-hidden />}
        title={PROFILE_LABELS.notFoundTitle}
        text={PROFILE_LABELS.notFoundText}
        action={back}
      />
    ) : (
      <RetryState title={MESSAGES.characters.loadOneFailed} onRetry={() => void character.refetch()} />
    );
  }

  return (
    <div className="space-y-12">
      <div className="-mb-6 -ml-3">{back}</div>
      {character.data ? <ProfileStory character={character.data} /> : <ProfileSkeleton />}
      {character.data ? (
        <>
          <ProfileGallery characterId={id} name={character.data.name} />
          <ProfileChats characterId={id} name={character.data.name} />
        </>
      ) : null}
    </div>
  );
}
