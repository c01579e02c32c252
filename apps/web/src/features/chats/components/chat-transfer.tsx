import { type ChangeEvent, useRef, useState } from 'react';
import { FileDown, FileUp } from 'lucide-react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { CHAT_LABELS, ROUTES, chatPaths } from '@baegen/shared';
import { chatFailureMessage, importChat } from '../../../api/chats.queries';
import { Button, buttonClasses } from '../../../components/ui/button';

const ACCEPT = '.jsonl,.json,.txt,application/jsonl,application/x-ndjson,application/json,text/plain';

/**
 * Export (a plain link: the browser saves the server's SillyTavern file under its own name) and
 * Import of a SillyTavern chat with the same character, which then opens.
 */
export function ChatTransfer({ chatId, characterId }: { chatId: string; characterId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImporting(true);
    setFailure(null);
    try {
      const chat = await importChat(characterId, file);
      toast.success(CHAT_LABELS.imported);
      void navigate(ROUTES.chat(chat.$id));
    } catch (error) {
      setFailure(chatFailureMessage(error));
    } finally {
      setImporting(false);
    }
  };

  return (
    <>
      <a href={chatPaths.export(chatId)} download className={buttonClasses('ghost', 'sm')}>
        <FileDown className="size-4" aria-hidden />
        {CHAT_LABELS.export}
      </a>
      <Button
        variant="ghost"
        size="sm"
        loading={importing}
        disabled={!characterId}
        icon={FileUp}
        onClick={() => input.current?.click()}
      >
        {CHAT_LABELS.import}
      </Button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        className="hidden"
        data-testid="chat-import-input"
        onChange={(event) => void onFile(event)}
      />
      {failure ? (
        <p role="alert" className="basis-full text-sm text-red-300">
          {failure}
        </p>
      ) : null}
    </>
  );
}
