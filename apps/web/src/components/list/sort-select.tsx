import { useId } from 'react';
import { LIST_SORTS, type ListSort, SORT_LABELS } from '@baegen/shared';
import { parseSort } from '../../lib/list-sort';
import { cn } from '../../lib/cn';

/** Newest or oldest first: the order of a list page. */
export function SortSelect({
  value,
  onChange,
  className,
}: {
  value: ListSort;
  onChange: (sort: ListSort) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('shrink-0', className)}>
      <label htmlFor={id} className="sr-only">
        {SORT_LABELS.control}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(parseSort(event.target.value))}
        className="h-11 w-full rounded-full border border-ink-700 bg-ink-900 px-4 text-sm text-ink-100 focus:border-rose-glow/60 focus:outline-none"
      >
        {LIST_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
