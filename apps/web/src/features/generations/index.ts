// Generation jobs on the web: their queries and event stream, the forms' job in the URL, the
// progress they show and the header's indicator. Other features import from here only.
export { forgetGenerations } from './api/generation-events.handlers';
export {
  refreshUnsavedGenerations,
  useActiveGenerations,
  useCreateGeneration,
  useGeneration,
} from './api/generations.queries';
export { GenerationIndicator } from './components/generation-indicator';
export { GenerationOptions } from './components/generation-options';
export { GenerationProgress } from './components/generation-progress';
export { useFailedVideos } from './failed-videos.store';
export { useGenerationJob } from './use-generation-job';
export { jobOptionsValue, useGenerationOptions } from './use-generation-options';
export { IMAGE_CAPABILITIES_KEY } from './api/image-capabilities.queries';
