import { type ReactElement, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Images, Loader2, X } from 'lucide-react';
import { useLocation } from 'react-router';
import { Link } from '../../../components/ui/link';
import { type Generation, MESSAGES, truncate } from '@baegen/shared';
import {
  useActiveGenerations,
  useDismissGeneration,
  useUnsavedGenerations,
} from '../api/generations.queries';
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

function readyLabel(job: Generation): string {
  if (job.kind === 'image') return 'Portrait';
  return `${job.outputs.length} ${job.outputs.length === 1 ? 'image' : 'images'}`;
}

/** A finished job whose pictures are not saved yet: back to its form, or let them go. */
function ReadyRow({ job }: { job: Generation }) {
  const dismiss = useDismissGeneration();
  const label = readyLabel(job);
  return (
    <li className="flex items-center gap-1">
      <Link
        to={generationFormPath(job)}
        className="block min-w-0 flex-1 rounded-xl px-3 py-2 hover:bg-ink-800"
        data-testid="unsaved-generation"
      >
        <span className="flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium text-ink-100">{label}</span>
          <span className="text-ink-300">Not saved</span>
        </span>
        <span className="block truncate text-xs text-ink-400">{truncate(job.prompt, PROMPT_EXCERPT)}</span>
      </Link>
      <button
        type="button"
        aria-label={`Dismiss ${label}: ${truncate(job.prompt, PROMPT_EXCERPT)}`}
        disabled={dismiss.isPending}
        onClick={() =>
          dismiss.mutate(job.$id, { onError: () => toast.error(MESSAGES.generations.dismissFailed) })
        }
        className="rounded-full p-2 text-ink-400 hover:bg-ink-800 hover:text-ink-100"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}

function badgeLabel(running: number, ready: number): string {
  if (ready === 0) return `Generations in progress: ${running}`;
  return `Generations: ${running} in progress, ${ready} not saved`;
}

function Section({
  heading,
  jobs,
  Row,
}: {
  heading: string;
  jobs: Generation[];
  Row: (props: { job: Generation }) => ReactElement;
}) {
  if (jobs.length === 0) return null;
  return (
    <>
      <p className="px-3 py-1 text-xs font-semibold tracking-wide text-ink-400 uppercase">{heading}</p>
      <ul>
        {jobs.map((job) => (
          <Row key={job.$id} job={job} />
        ))}
      </ul>
    </>
  );
}

/**
 * The count of running jobs, and of finished ones whose pictures are not saved yet, with a list of
 * them, each a link back to the form that shows it. It also holds the tab's one event stream, open
 * while it is mounted.
 */
export function GenerationIndicator() {
  useGenerationEvents();
  const jobs = useActiveGenerations().data?.documents ?? [];
  const ready = useUnsavedGenerations().data?.documents ?? [];
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

  const count = jobs.length + ready.length;
  if (count === 0) return null;
  return (
    <div ref={root} className="relative" data-testid="generation-indicator">
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={badgeLabel(jobs.length, ready.length)}
        className="flex items-center gap-1.5 rounded-full border border-ink-700 bg-ink-850 px-3 py-1.5 text-sm text-ink-100 hover:border-ink-600"
      >
        {jobs.length > 0 ? (
          <Loader2 className="size-4 animate-spin text-rose-glow" aria-hidden />
        ) : (
          <Images className="size-4 text-rose-glow" aria-hidden />
        )}
        <span className="tabular-nums">{count}</span>
      </button>
      {open ? (
        <div
          id={listId}
          className="fixed inset-x-4 top-16 z-50 rounded-2xl sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-72 border border-ink-700 bg-ink-900 p-2 shadow-lg shadow-black/40"
        >
          <Section heading="Generating" jobs={jobs} Row={JobRow} />
          <Section heading="Ready to save" jobs={ready} Row={ReadyRow} />
        </div>
      ) : null}
    </div>
  );
}
