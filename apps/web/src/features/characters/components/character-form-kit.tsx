import '../../../test/toast-mock';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { Route, Routes, UNSAFE_createMemoryHistory } from 'react-router';
import { GuardedRouter } from '../../../lib/guarded-router';
import { createNavigationGuard } from '../../../lib/navigation-guard';
import { createQueryClient } from '../../../lib/query-client';
import {
  fakeGeneration,
  fakeGenerationCapabilities,
  jsonResponse,
  stubFetchEachTest,
} from '../../../test/fake-api';
import { allowModalDialogs } from '../../../test/modal-dialogs';
import { IMAGE_CAPABILITIES_KEY } from '../../generations';
import { CurrentUrl } from '../../../test/router-kit';
import { type CharacterFormValues, emptyFormValues } from '../character-form.model';
import { CharacterForm } from './character-form';

export const fetchMock = stubFetchEachTest();
// The form holds the dialog that asks before a filled form is left.
allowModalDialogs();

/** A fetch answer the test releases when it wants, to look at the form mid-request. */
function deferredReply() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

let client: QueryClient;

export function renderForm(
  initialValues: CharacterFormValues = emptyFormValues,
  characterId?: string,
  url = '/characters/new',
) {
  client = createQueryClient();
  // The provider's options, as read once a session: the tests' fetch answers are the form's own calls.
  client.setQueryData(IMAGE_CAPABILITIES_KEY, fakeGenerationCapabilities());
  // The app's router: the form asks before a filled form is left.
  const guard = createNavigationGuard(UNSAFE_createMemoryHistory({ initialEntries: [url], v5Compat: true }));
  render(
    <QueryClientProvider client={client}>
      <GuardedRouter guard={guard}>
        <Routes>
          <Route
            path="/characters/new"
            element={<CharacterForm initialValues={initialValues} characterId={characterId} />}
          />
          <Route path="/characters" element={<p>characters list</p>} />
        </Routes>
        <CurrentUrl />
      </GuardedRouter>
    </QueryClientProvider>,
  );
  return { navigate: (to: string) => guard.navigator.push(to) };
}

/** The portrait's job as the server answers it: an image job for a new character, still running. */
const portraitJob = fakeGeneration({
  $id: 'p1',
  kind: 'image',
  characterId: null,
  prompt: 'Portrait of Luna',
});

export const portrait = {
  job: portraitJob,
  done: { ...portraitJob, status: 'succeeded' as const, outputs: ['/api/files/one/view'] },

  /** The job has moved on and the form hears of it, as the event stream would tell the cache. */
  async becomes(job: typeof portraitJob) {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, job));
    await act(() => client.invalidateQueries({ queryKey: ['generations'] }));
  },

  /** Renders the form on the address of a page reloaded while the job ran, once the job shows. */
  async renderRunning(values: CharacterFormValues) {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, portraitJob));
    renderForm(values, undefined, '/characters/new?portraitJob=p1');
    await screen.findByRole('progressbar', { name: 'Generation progress' });
  },
};

export const filled: CharacterFormValues = {
  name: 'Luna',
  imageUrl: '',
  appearance: 'silver hair',
  description: 'Astronomer',
  personality: 'Calm',
};

export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
export const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

/** Renders the filled form and clicks `action`, whose request waits until the test releases its answer. */
export function clickPending(action: string) {
  const reply = deferredReply();
  fetchMock.mockReturnValueOnce(reply.promise);
  renderForm(filled);
  fireEvent.click(button(action));
  return reply;
}

const LOCKS = {
  'Optimize Prompt': {
    busy: 'Optimizing...',
    field: 'Appearance Parameters',
    status: 'Optimizing prompt...',
  },
  Generate: { busy: 'Generating...', field: 'Character Image URL', status: 'Generating image...' },
};

/**
 * Clicks `action` as `clickPending` does and checks the form is locked meanwhile: the action says it
 * is busy, the other buttons and its field wait, the status says what runs.
 */
export async function startBusy(action: keyof typeof LOCKS) {
  const reply = clickPending(action);
  const lock = LOCKS[action];
  expect(((await screen.findByRole('button', { name: lock.busy })) as HTMLButtonElement).disabled).toBe(true);
  for (const other of ['Optimize Prompt', 'Generate', 'Deploy Character'].filter((name) => name !== action)) {
    expect(button(other).disabled).toBe(true);
  }
  expect(field(lock.field).readOnly).toBe(true);
  expect(screen.getByRole('status').textContent).toBe(lock.status);
  return reply;
}
