/**
 * The generated images of each job that were saved as media in this tab. Back or the job's link
 * brings the results page again; these show as saved and cannot be picked a second time. In another
 * tab or after a reload the server's 409 MEDIA_ALREADY_SAVED tells the same, and lands here too.
 */
const savedByJob = new Map<string, Set<string>>();

export function savedOutputs(jobId: string | null): ReadonlySet<string> {
  return (jobId && savedByJob.get(jobId)) || new Set();
}

export function rememberSaved(jobId: string | null, urls: string[]) {
  if (!jobId || urls.length === 0) return;
  const saved = savedByJob.get(jobId) ?? new Set();
  for (const url of urls) saved.add(url);
  savedByJob.set(jobId, saved);
}
