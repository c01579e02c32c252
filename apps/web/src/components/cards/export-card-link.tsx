import { FileDown } from 'lucide-react';
import { MESSAGES, characterCardUrl } from '@baegen/shared';
import { buttonClasses } from '../ui/button';

/**
 * Downloads the character's card (its portrait as PNG, with the card in its text chunks). A plain
 * link: the browser sends the session cookie and saves the answer under the server's file name.
 */
export function ExportCardLink({
  characterId,
  name,
  className,
  iconOnly = false,
}: {
  characterId: string;
  name: string;
  className?: string;
  /** The card's overlay shows the icon alone; its name is then the link's accessible name. */
  iconOnly?: boolean;
}) {
  return (
    <a
      href={characterCardUrl(characterId, 'png')}
      download
      className={className ?? buttonClasses('secondary', 'sm')}
      aria-label={iconOnly ? `${MESSAGES.cards.exportLabel}: ${name}` : undefined}
      title={MESSAGES.cards.exportLabel}
    >
      <FileDown className="size-4" aria-hidden />
      {iconOnly ? null : MESSAGES.cards.exportLabel}
    </a>
  );
}
