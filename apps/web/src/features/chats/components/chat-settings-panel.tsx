import { type FormEvent, type ReactNode, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { CHAT_LABELS, CHAT_LIMITS, type Chat, type ChatPatch } from '@baegen/shared';
import { usePatchChat } from '../../../api/chats.queries';
import { Button } from '../../../components/ui/button';
import { ChatSummarySection } from './chat-summary-section';
import { CHAT_FIELD_CLASSES } from './field-classes';

/** Only what the user changed, trimmed where the server trims; empty when nothing did. */
export function chatSettingsPatch(
  chat: Chat,
  values: Pick<Chat, 'title' | 'userName' | 'memory'>,
): ChatPatch {
  const patch: ChatPatch = {};
  const title = values.title.trim();
  const userName = values.userName.trim();
  if (title && title !== chat.title) patch.title = title;
  if (userName && userName !== chat.userName) patch.userName = userName;
  if (values.memory !== chat.memory) patch.memory = values.memory;
  return patch;
}

interface FieldProps {
  id: string;
  className: string;
  'aria-describedby': string | undefined;
}

/** A labelled box of the panel, with its hint under it. */
function SettingsField({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (field: FieldProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink-200">
        {label}
      </label>
      {children({ id, className: CHAT_FIELD_CLASSES, 'aria-describedby': hint ? hintId : undefined })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-ink-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The chat's title, the name `{{user}}` stands for and the memory she always keeps in mind. */
export function ChatSettingsPanel({ chat, onClose }: { chat: Chat; onClose: () => void }) {
  const [values, setValues] = useState({ title: chat.title, userName: chat.userName, memory: chat.memory });
  const patchChat = usePatchChat();
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch = chatSettingsPatch(chat, values);
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    patchChat.mutate(
      { chatId: chat.$id, patch },
      {
        onSuccess: () => {
          toast.success(CHAT_LABELS.saved);
          onClose();
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      aria-label={CHAT_LABELS.settings}
      className="flex max-h-[60%] flex-col gap-3 overflow-y-auto border-b border-ink-800 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SettingsField label={CHAT_LABELS.title}>
          {(field) => (
            <input
              {...field}
              value={values.title}
              maxLength={CHAT_LIMITS.title}
              dir="auto"
              onChange={set('title')}
            />
          )}
        </SettingsField>
        <SettingsField label={CHAT_LABELS.userName} hint={CHAT_LABELS.userNameHint}>
          {(field) => (
            <input
              {...field}
              value={values.userName}
              maxLength={CHAT_LIMITS.userName}
              dir="auto"
              onChange={set('userName')}
            />
          )}
        </SettingsField>
      </div>
      <SettingsField label={CHAT_LABELS.memory} hint={CHAT_LABELS.memoryHint}>
        {(field) => (
          <textarea
            {...field}
            className={`${field.className} resize-y`}
            rows={4}
            value={values.memory}
            maxLength={CHAT_LIMITS.memory}
            dir="auto"
            onChange={set('memory')}
          />
        )}
      </SettingsField>
      <ChatSummarySection chat={chat} />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onClose}>
          {CHAT_LABELS.cancel}
        </Button>
        <Button type="submit" size="sm" loading={patchChat.isPending}>
          {CHAT_LABELS.save}
        </Button>
      </div>
    </form>
  );
}
