import { CHAT_CONTEXT_PARTS, CHAT_LABELS, type ChatContextUsage } from '@baegen/shared';

/** A titled list, or "None". */
function UsedList({ title, items }: { title: string; items: string[] }) {
  return (
    <div>
      <h4 className="font-medium text-ink-200">{title}</h4>
      {items.length === 0 ? (
        <p>{CHAT_LABELS.noneUsed}</p>
      ) : (
        <ul className="list-disc space-y-0.5 pl-4">
          {items.map((item, index) => (
            <li key={`${index}:${item}`} dir="auto" className="break-words">
              {item}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What went into the last reply's prompt: tokens by part, the lorebook entries and recalled messages. */
export function ChatContextDetails({ usage }: { usage: ChatContextUsage }) {
  return (
    <details className="w-full text-xs text-ink-400" data-testid="chat-context-details">
      <summary className="cursor-pointer select-none text-ink-300 hover:text-ink-100">
        {CHAT_LABELS.lastReplyContext}
      </summary>
      <div className="mt-2 grid gap-3 rounded-lg bg-ink-900/60 p-2 sm:grid-cols-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          {CHAT_CONTEXT_PARTS.map((part) => (
            <div key={part} className="contents">
              <dt>{CHAT_LABELS.contextParts[part]}</dt>
              <dd className="text-right tabular-nums text-ink-200">
                {CHAT_LABELS.partTokens(usage.parts[part])}
              </dd>
            </div>
          ))}
        </dl>
        <UsedList title={CHAT_LABELS.lorebookUsed} items={usage.lorebookEntries} />
        <UsedList
          title={CHAT_LABELS.recalledUsed}
          items={usage.recalled.map(
            (message) => `${CHAT_LABELS.recalledMessage(message.seq)}: ${message.excerpt}`,
          )}
        />
      </div>
    </details>
  );
}
