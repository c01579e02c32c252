export const CHAT_FIELD_CLASSES =
  'w-full rounded-xl border border-ink-700 bg-ink-900 px-3 py-2 text-ink-100 placeholder:text-ink-400 focus:border-rose-glow/60 focus:outline-none disabled:opacity-60';
