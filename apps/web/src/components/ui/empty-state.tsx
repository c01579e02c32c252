import type { ReactNode } from 'react';

export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon?: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <div className="card flex flex-col items-center px-6 py-14 text-center">
      {icon ? <div className="mb-4 rounded-full bg-ink-800 p-4 text-rose-glow">{icon}</div> : null}
      <h2 className="text-xl font-semibold">{title}</h2>
      {text ? <p className="mt-2 max-w-md text-ink-300">{text}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
