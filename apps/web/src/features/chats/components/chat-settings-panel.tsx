import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { CHAT_LABELS, CHAT_LIMITS, type Chat, type ChatPatch } from '@baegen/shared';
import { usePatchChat } from '../../../api/chats.queries';
import { Button } from '../../../components/ui/button';
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

/** The chat's title, the name `{{user}}` stands for and the memory she always keeps in mind. */
export function ChatSettingsPanel({ chat, onClose }: { chat: Chat; onClose: () => void }) {
  const ids = { title: useId(), userName: useId(), memory: useId(), userHint: useId(), memoryHint: useId() };
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

  const label = 'mb-1 block text-sm font-medium text-ink-200';
  const hint = 'mt-1 text-xs text-ink-400';
  return (
    <form
      onSubmit={submit}
      aria-label={CHAT_LABELS.settings}
      className="flex max-h-[60%] flex-col gap-3 overflow-y-auto border-b border-ink-800 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.title} className={label}>
            {CHAT_LABELS.title}
          </label>
          <input
            id={ids.title}
            className={CHAT_FIELD_CLASSES}
            value={values.title}
            maxLength={CHAT_LIMITS.title}
            onChange={set('title')}
          />
        </div>
        <div>
          <label htmlFor={ids.userName} className={label}>
            {CHAT_LABELS.userName}
          </label>
          <input
            id={ids.userName}
            aria-describedby={ids.userHint}
            className={CHAT_FIELD_CLASSES}
            value={values.userName}
            maxLength={CHAT_LIMITS.userName}
            onChange={set('userName')}
          />
          <p id={ids.userHint} className={hint}>
            {CHAT_LABELS.userNameHint}
          </p>
        </div>
      </div>
      <div>
        <label htmlFor={ids.memory} className={label}>
          {CHAT_LABELS.memory}
        </label>
        <textarea
          id={ids.memory}
          aria-describedby={ids.memoryHint}
          className={`${CHAT_FIELD_CLASSES} resize-y`}
          rows={4}
          value={values.memory}
          maxLength={CHAT_LIMITS.memory}
          onChange={set('memory')}
        />
        <p id={ids.memoryHint} className={hint}>
          {CHAT_LABELS.memoryHint}
        </p>
      </div>
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
