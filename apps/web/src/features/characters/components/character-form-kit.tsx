import { toast } from '../../../test/toast-mock';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../../../lib/query-client';
import { fakeGeneration, jsonResponse, stubFetchEachTest } from '../../../test/fake-api';
import { type CharacterFormValues, emptyFormValues } from '../character-form.model';
import { CharacterForm } from './character-form';

// What the character form's tests share: the toast spies, a fetch stubbed for each test, the form
// rendered inside a router whose address the test can read, and the portrait job the server answers.

export { toast };

export const fetchMock = stubFetchEachTest();

/** A fetch answer the test releases when it wants, to look at the form mid-request. */
function deferredReply() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

let client: QueryClient;

export function renderForm(
  initialValues: CharacterFormValues = emptyFormValues,
  characterId?: string,
  url = '/characters/new',
) {
  client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/characters/new"
            element={<CharacterForm initialValues={initialValues} characterId={characterId} />}
          />
          <Route path="/characters" element={<p>characters list</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The portrait's job as the server answers it: an image job for a new character, still running. */
export const portraitJob = fakeGeneration({
  $id: 'p1',
  kind: 'image',
  characterId: null,
  prompt: 'Portrait of Luna',
});
export const portraitDone = {
  ...portraitJob,
  status: 'succeeded' as const,
  outputs: ['/api/files/one/view'],
};

/** The job has moved on and the form hears of it, as the event stream would tell the cache. */
export async function jobBecomes(job: typeof portraitJob) {
  fetchMock.mockResolvedValueOnce(jsonResponse(200, job));
  await act(() => client.invalidateQueries());
}

/** Renders the form on the address of a page reloaded while `job` ran, once the job is on screen. */
export async function renderWithRunningJob(values: CharacterFormValues) {
  fetchMock.mockResolvedValueOnce(jsonResponse(200, portraitJob));
  renderForm(values, undefined, '/characters/new?portraitJob=p1');
  await screen.findByRole('progressbar', { name: 'Generation progress' });
}

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
export function clickWithPendingReply(action: string) {
  const reply = deferredReply();
  fetchMock.mockReturnValueOnce(reply.promise);
  renderForm(filled);
  fireEvent.click(button(action));
  return reply;
}
