import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { showGenerationOnForm } from '../../api/generation-events';
import { useCancelGeneration, useCreateGeneration, useGeneration } from '../../api/generations.queries';

const JOB_PARAM = 'job';

/**
 * The job this form started, remembered in the URL (`?job=<id>`) so leaving and coming back, a
 * reload or the header's link shows it again: still running, or its results to pick from.
 */
export function useGenerationJob() {
  const [params, setParams] = useSearchParams();
  const jobId = params.get(JOB_PARAM);
  const query = useGeneration(jobId);
  const create = useCreateGeneration();
  const cancel = useCancelGeneration();

  useEffect(() => (jobId ? showGenerationOnForm(jobId) : undefined), [jobId]);

  const setJobId = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(JOB_PARAM, id);
        else next.delete(JOB_PARAM);
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
