import { useEffect, useId, useRef, useState } from 'react';
import { Loader2 } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { type Generation, truncate } from '@baegen/shared';
import { useActiveGenerations } from '../api/generations.queries';
import { useGenerationEvents } from '../api/use-generation-events';
import { generationFormPath } from '../generation-forms';
import { phaseLabel } from './generation-progress';

const PROMPT_EXCERPT = 40;

const KIND_LABELS: Record<Generation['kind'], string> = {
  image: 'Portrait',
  character: 'Images',
  video: 'Video',
};

function JobRow({ job }: { job: Generation }) {
  const { percent, phase } = job.progress;
  return (
    <li>
      <Link
        to={generationFormPath(job)}
        className="block rounded-xl px-3 py-2 hover:bg-ink-800"
        data-testid="active-generation"
      >
        <span className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium text-ink-100">{KIND_LABELS[job.kind]}</span>
          <span className="text-ink-300 tabular-nums">
            {percent !== null ? `${Math.round(percent)}%` : phaseLabel(phase)}
          </span>
        </span>
        <span className="block truncate text-xs text-ink-400">{truncate(job.prompt, PROMPT_EXCERPT)}</span>
      </Link>
    </li>
  );
}

/**
 * The count of running jobs with a list of them, each a link back to the form that shows it. It
 * also holds the tab's one event stream, open while it is mounted.
 */
export function GenerationIndicator() {
  useGenerationEvents();
  const jobs = useActiveGenerations().data?.documents ?? [];
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => setOpen(false), [pathname, search]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (jobs.length === 0) return null;
  return (
    <div ref={root} className="relative" data-testid="generation-indicator">
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`Generations in progress: ${jobs.length}`}
        className="flex items-center gap-1.5 rounded-full border border-ink-700 bg-ink-850 px-3 py-1.5 text-sm text-ink-100 hover:border-ink-600"
      >
        <Loader2 className="size-4 animate-spin text-rose-glow" aria-hidden />
        <span className="tabular-nums">{jobs.length}</span>
      </button>
      {open ? (
        <div
          id={listId}
          className="fixed inset-x-4 top-16 z-50 rounded-2xl sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-72 border border-ink-700 bg-ink-900 p-2 shadow-lg shadow-black/40"
        >
          <p className="px-3 py-1 text-xs font-semibold tracking-wide text-ink-400 uppercase">Generating</p>
          <ul>
            {jobs.map((job) => (
              <JobRow key={job.$id} job={job} />
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
