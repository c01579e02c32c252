import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GENERATION_EVENT, REALTIME_RECONNECT_DELAYS_MS } from '@baegen/shared';
import { openEventStream } from '../../../lib/event-stream';
import { applyGenerationEvent, resyncGenerations } from './generation-events.handlers';
import { GENERATION_EVENTS_PATH } from './generations.queries';
import { generationSchema, parseOrNull } from '../../../api/lazy-schemas';

async function parseJob(data: string) {
  try {
    const job = await parseOrNull(generationSchema, JSON.parse(data));
    if (job) return job;
    console.error('Unexpected generation event', data);
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
    // Events are read in the order they came, though the first waits for the schema to load.
    let read = Promise.resolve();
    return openEventStream({
      url: GENERATION_EVENTS_PATH,
      event: GENERATION_EVENT,
      delays: REALTIME_RECONNECT_DELAYS_MS,
      onMessage: (data) => {
        read = read.then(async () => {
          const job = await parseJob(data);
          if (job) applyGenerationEvent(client, job);
        });
      },
      onReconnect: () => {
        resyncGenerations(client).catch((error: unknown) =>
          console.error('Could not refresh the generations', error),
        );
      },
    });
  }, [client]);
}
