import { create } from 'zustand';
import type { Generation } from '@baegen/shared';

interface FailedVideosState {
  /** Video jobs that failed while this tab was open, newest first, until retried or dismissed. */
  jobs: Generation[];
  add: (job: Generation) => void;
  remove: (id: string) => void;
}

/** The gallery's failed video cards: the active list forgets a job once it ends, this keeps it. */
export const useFailedVideos = create<FailedVideosState>()((set) => ({
  jobs: [],
  add: (job) => set(({ jobs }) => ({ jobs: [job, ...jobs.filter((item) => item.$id !== job.$id)] })),
  remove: (id) => set(({ jobs }) => ({ jobs: jobs.filter((item) => item.$id !== id) })),
}));
