import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MEDIA_TITLE_PREVIEW,
  PROVENANCE_TEXT,
  formatDate,
  mediaGenerationSchema,
  truncate,
} from '@baegen/shared';
import { fakeMedia } from '../../test/fake-api';
import { MediaCard } from './media-card';

const generation = mediaGenerationSchema.parse({
  jobId: 'job42',
  provider: 'demo',
  model: 'demo-art-1',
  seed: 3141592653,
  prompt: 'Luna on a rooftop at night',
  subject: '/api/files/subject1/view',
});

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderCard(media = fakeMedia({ prompt: generation.prompt, generation })) {
  render(
    <MemoryRouter initialEntries={['/media']}>
      <Routes>
        <Route path="/media" element={<MediaCard media={media} onDelete={vi.fn()} />} />
        <Route path="/media/new/:characterId" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  const title = truncate(media.prompt, MEDIA_TITLE_PREVIEW);
  fireEvent.click(screen.getByRole('button', { name: PROVENANCE_TEXT.infoLabel(title) }));
  return screen.getByRole('dialog', { name: PROVENANCE_TEXT.panelTitle });
}

describe('GenerationDetailsDialog', () => {
  beforeAll(() => {
    // jsdom has no modal dialogs: opening one shows it, which is all these tests need.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists how the media was made from the card’s info button', () => {
    const dialog = within(renderCard());
    const row = (label: string) => dialog.getByText(label).nextElementSibling?.textContent;
    expect(row(PROVENANCE_TEXT.fields.provider)).toBe('demo');
    expect(row(PROVENANCE_TEXT.fields.model)).toBe('demo-art-1');
    expect(row(PROVENANCE_TEXT.fields.seed)).toBe('3141592653');
    expect(row(PROVENANCE_TEXT.fields.prompt)).toBe(generation.prompt);
    expect(row(PROVENANCE_TEXT.fields.subject)).toBe(PROVENANCE_TEXT.subjectImage);
    expect(row(PROVENANCE_TEXT.fields.jobId)).toBe('job42');
    expect(row(PROVENANCE_TEXT.fields.created)).toBe(formatDate('2026-03-08T12:00:00.000Z'));
    expect(dialog.queryByText(PROVENANCE_TEXT.noDetails)).toBeNull();
  });

  it('keeps file addresses out of sight and ids behind a closed "Technical details"', () => {
    const dialog = renderCard();
    expect(dialog.textContent).not.toContain(generation.subject);
    const technical = within(dialog).getByText(PROVENANCE_TEXT.technicalDetails).closest('details')!;
    expect(technical.open).toBe(false);
    expect(technical.textContent).toContain('job42');
    expect(
      within(dialog).getByRole('link', { name: PROVENANCE_TEXT.subjectImage }).getAttribute('href'),
    ).toBe(generation.subject);
  });

  it('says when no job made the media, and shows unreported settings as such', () => {
    const dialog = within(renderCard(fakeMedia({ generation: null })));
    expect(dialog.getByText(PROVENANCE_TEXT.noDetails)).toBeTruthy();
    expect(dialog.queryByText(PROVENANCE_TEXT.fields.provider)).toBeNull();
    expect(dialog.getByText(PROVENANCE_TEXT.fields.prompt).nextElementSibling?.textContent).toBe(
      'Sunset on the beach',
    );
  });

  it('Remix opens the form for the same character with the type and the prompt filled in', () => {
    const media = fakeMedia({ characterId: 'char 7', type: 'video', prompt: 'Luna & the sea?', generation });
    const dialog = within(renderCard(media));
    fireEvent.click(dialog.getByRole('link', { name: PROVENANCE_TEXT.remix }));
    expect(screen.getByTestId('location').textContent).toBe(
      '/media/new/char%207?type=video&prompt=Luna%20%26%20the%20sea%3F',
    );
  });

  it('downloads a stored image as media_<id>.png from the PNG endpoint; a video has no PNG', async () => {
    const fetched = vi.fn(async (_url: string) => new Response(new Blob(['png']), { status: 200 }));
    vi.stubGlobal('fetch', fetched);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:png', revokeObjectURL: vi.fn() }));
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    const dialog = within(renderCard(fakeMedia({ $id: 'm9', url: '/api/files/f9/view', generation })));
    fireEvent.click(dialog.getByRole('button', { name: PROVENANCE_TEXT.downloadPng }));
    await waitFor(() => expect(downloaded).toBe('media_m9.png'));
    expect(fetched.mock.calls[0]?.[0]).toBe('/api/media/m9/download?format=png');
  });

  it('offers no PNG for a video, and closes on Close', () => {
    const video = within(renderCard(fakeMedia({ type: 'video', url: '/api/files/v/view', generation })));
    expect(video.queryByRole('button', { name: PROVENANCE_TEXT.downloadPng })).toBeNull();
    fireEvent.click(video.getByRole('button', { name: PROVENANCE_TEXT.close }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Generation details: /);
  });

  it('offers no PNG for an image stored elsewhere', () => {
    const remote = within(renderCard(fakeMedia({ url: 'https://img.example/a.png', generation })));
    expect(remote.getByRole('link', { name: PROVENANCE_TEXT.remix })).toBeTruthy();
    expect(remote.queryByRole('button', { name: PROVENANCE_TEXT.downloadPng })).toBeNull();
  });

  it('keeps Tab inside the dialog', () => {
    const dialog = renderCard();
    const controls = within(dialog);
    const close = controls.getByRole('button', { name: PROVENANCE_TEXT.close });
    const remix = controls.getByRole('link', { name: PROVENANCE_TEXT.remix });
    remix.focus();
    fireEvent.keyDown(remix, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(remix);
  });
});
