import { Loader2Icon } from '../components/ui/icons';

export function PageFallback() {
  return (
    <div className="grid min-h-[50vh] place-items-center" role="status" aria-label="Loading">
      <Loader2Icon className="size-8 animate-spin text-rose-glow" aria-hidden />
    </div>
  );
}
