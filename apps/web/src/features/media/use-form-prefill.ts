import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { MEDIA_PROMPT_PARAM, MEDIA_TYPE_PARAM, type MediaType } from '@baegen/shared';

/** What a /media/new/{characterId}?type=&prompt= link asks the form to show. */
interface RoutePrefill {
  characterId: string;
  type: MediaType;
  /** Null when the link names no prompt: the form keeps its own. */
  prompt: string | null;
}

function useRoutePrefill(): RoutePrefill {
  const { characterId = '' } = useParams();
  const [params] = useSearchParams();
  return {
    characterId,
    type: params.get(MEDIA_TYPE_PARAM) === 'video' ? 'video' : 'image',
    prompt: params.get(MEDIA_PROMPT_PARAM),
  };
}

/**
 * The media form's character, type and prompt, filled from the link that opened it (Remix fills all
 * three). Another such link while the page is open fills them again, but a prompt the user typed is
 * only replaced once they agree: `replace` holds that question until they answer it.
 */
export function useFormPrefill() {
  const route = useRoutePrefill();
  const routeKey = JSON.stringify(route);
  const [characterId, setCharacterId] = useState(route.characterId);
  const [type, setType] = useState<MediaType>(route.type);
  const [prompt, setPrompt] = useState(route.prompt ?? '');
  // The prompt as a link last filled it: anything else in the field is the user's own.
  const [filledPrompt, setFilledPrompt] = useState(route.prompt ?? '');
  const [routeSeen, setRouteSeen] = useState(routeKey);
  const [pending, setPending] = useState<RoutePrefill | null>(null);

  const apply = (next: RoutePrefill) => {
    setCharacterId(next.characterId);
    setType(next.type);
    if (next.prompt !== null) {
      setPrompt(next.prompt);
      setFilledPrompt(next.prompt);
    }
  };

  if (routeKey !== routeSeen) {
    setRouteSeen(routeKey);
    const typed = prompt.trim() !== '' && prompt !== filledPrompt;
    if (route.prompt !== null && route.prompt !== prompt && typed) setPending(route);
    else apply(route);
  }

  return {
    characterId,
    setCharacterId,
    type,
    setType,
    prompt,
    setPrompt,
    replace: pending && {
      confirm: () => {
        apply(pending);
        setPending(null);
      },
      keep: () => setPending(null),
    },
  };
}
