import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { showGenerationOnForm } from './api/generation-events.handlers';
import { useCancelGeneration, useCreateGeneration, useGeneration } from './api/generations.queries';
import { GENERATION_FORMS, type GenerationForm } from './generation-forms';

/**
 * The job `form` started, remembered in the URL (`?job=<id>` on the media form, `?portraitJob=<id>`
 * on the character form) so leaving and coming back, a reload or the header's link shows it again:
 * still running, or how it ended.
 */
export function useGenerationJob(form: GenerationForm) {
  const { param, tells } = GENERATION_FORMS[form];
  const [params, setParams] = useSearchParams();
  const jobId = params.get(param);
  const query = useGeneration(jobId);
  const create = useCreateGeneration();
  const cancel = useCancelGeneration();

  useEffect(() => (jobId ? showGenerationOnForm(jobId, tells) : undefined), [jobId, tells]);

  const setJobId = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(param, id);
        else next.delete(param);
        return next;
      },
      { replace: true },
    );

  return {
    jobId,
    job: query.data,
    /** The job named in the URL is still being read. */
    loading: !!jobId && query.isPending,
    create,
    cancel,
    follow: (id: string) => setJobId(id),
    forget: () => setJobId(null),
  };
}
