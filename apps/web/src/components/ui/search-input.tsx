import { useId } from 'react';
import { Search } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A rounded search box with a visually hidden label and a magnifier inside. */
export function SearchInput({
  label,
  value,
  onChange,
  placeholder,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Extra classes of the input itself. */
  className?: string;
}) {
  const id = useId();
  return (
    <div className="relative flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-ink-400"
        aria-hidden
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        maxLength={200}
        autoComplete="off"
        dir="auto"
        className={cn(
          'h-11 w-full rounded-full border border-ink-700 bg-ink-900 pr-4 pl-11 text-ink-100 placeholder:text-ink-400 focus:border-rose-glow/60 focus:outline-none',
          className,
        )}
      />
    </div>
  );
}
