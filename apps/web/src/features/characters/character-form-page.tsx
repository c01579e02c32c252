import { useEffect } from 'react';
import { ArrowLeft } from 'lucide-react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import { MESSAGES, PAGE_HEADINGS, ROUTES } from '@baegen/shared';
import { useCharacter } from '../../api/characters.queries';
import { ButtonLink } from '../../components/ui/button-link';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { CARD_PICTURES } from '../../components/cards/card-pictures';
import { usePageTitle } from '../../lib/use-page-title';
import { emptyFormValues, formValuesFrom } from './character-form.model';
import { CharacterForm } from './components/character-form';

function FormSkeleton() {
  return (
    <div
      className="grid gap-8 lg:grid-cols-[minmax(0,340px)_minmax(0,1fr)]"
      role="status"
      aria-label="Loading character"
    >
      <Skeleton className={`${CARD_PICTURES.character} w-full`} />
      <div className="card space-y-6 p-5 sm:p-8">
        {['h-12', 'h-12', 'h-32', 'h-24', 'h-24'].map((height, i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className={`${height} w-full`} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** /characters/new and /characters/edit/:id. */
export function CharacterFormPage() {
  const { id } = useParams<{ id: string }>();
  const editing = id !== undefined;
  usePageTitle(editing ? PAGE_HEADINGS.editCharacter : PAGE_HEADINGS.newCharacter);
  const navigate = useNavigate();
  const character = useCharacter(id);

  useEffect(() => {
    if (!character.isError) return;
    toast.error(MESSAGES.characters.loadOneFailed, { id: 'character-load-failed' });
    navigate(ROUTES.characters, { replace: true });
  }, [character.isError, navigate]);

  let body;
  if (!editing) body = <CharacterForm initialValues={emptyFormValues} />;
  // Waits for this visit's fetch: a cached copy may predate the last save, and the form reads it once.
  else if (character.data && character.isFetchedAfterMount) {
    body = (
      <CharacterForm
        key={character.data.$id}
        characterId={id}
        initialValues={formValuesFrom(character.data)}
      />
    );
  } else body = <FormSkeleton />;

  return (
    <>
      <ButtonLink to={ROUTES.characters} icon={ArrowLeft} variant="ghost" size="sm" className="mb-6 -ml-3">
        Back to Characters
      </ButtonLink>
      <PageHeader
        title={editing ? PAGE_HEADINGS.editCharacter : PAGE_HEADINGS.newCharacter}
        subtitle={
          editing
            ? 'Refine her look, story and personality.'
            : 'Design your Bae: looks, story and personality.'
        }
      />
      {body}
    </>
  );
}
