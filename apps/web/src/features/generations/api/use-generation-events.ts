import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GENERATION_EVENT, REALTIME_RECONNECT_DELAYS_MS, generationSchema } from '@baegen/shared';
import { openEventStream } from '../../../lib/event-stream';
import { applyGenerationEvent, resyncGenerations } from './generation-events.handlers';
import { GENERATION_EVENTS_PATH } from './generations.queries';

function parseJob(data: string) {
  try {
    const parsed = generationSchema.safeParse(JSON.parse(data));
    if (parsed.success) return parsed.data;
    console.error('Unexpected generation event', parsed.error.issues);
  } catch (error) {
    console.error('Unreadable generation event', error);
  }
  return null;
}

/** Listens to the user's job updates while mounted: one stream per tab, mounted once by the header. */
export function useGenerationEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    return openEventStream({
      url: GENERATION_EVENTS_PATH,
      event: GENERATION_EVENT,
      delays: REALTIME_RECONNECT_DELAYS_MS,
      onMessage: (data) => {
        const job = parseJob(data);
        if (job) applyGenerationEvent(client, job);
      },
      onReconnect: () => {
        resyncGenerations(client).catch((error: unknown) =>
          console.error('Could not refresh the generations', error),
        );
      },
    });
  }, [client]);
}
