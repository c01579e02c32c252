import { type FormEvent, useState } from 'react';
import { CHAT_LABELS, CHAT_LIMITS } from '@baegen/shared';
import { Button } from '../../../components/ui/button';
import { CHAT_FIELD_CLASSES } from './field-classes';

/** Renames a chat in place: Save keeps the new title, Cancel (or Escape) the old one. */
export function ChatTitleForm({
  title,
  saving,
  onSave,
  onCancel,
}: {
  title: string;
  saving: boolean;
  onSave: (title: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(title);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (!next || next === title) onCancel();
    else onSave(next);
  };
  return (
    <form className="flex flex-wrap items-center gap-2" onSubmit={submit}>
      <input
        aria-label={CHAT_LABELS.title}
        className={`${CHAT_FIELD_CLASSES} min-w-0 flex-1 basis-40`}
        value={value}
        maxLength={CHAT_LIMITS.title}
        dir="auto"
        autoFocus
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      <Button type="submit" size="sm" loading={saving}>
        {CHAT_LABELS.save}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
        {CHAT_LABELS.cancel}
      </Button>
    </form>
  );
}
