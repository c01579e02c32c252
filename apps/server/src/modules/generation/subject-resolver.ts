import { createHash } from 'node:crypto';
import { avatarQuerySchema, fileIdFromUrl } from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';
import { shapesAvatarPng } from '../avatars';
import type { FilesPort } from '../storage';
import { fetchPublicBytes } from './fetch-bytes';
import { assertPublicLiteral } from './public-host';
import type { SubjectImage } from './providers/ports';

type ImageBytes = { data: Buffer; mimeType: string };

function subjectImage(key: string, publicUrl: string | null, load: () => Promise<ImageBytes>): SubjectImage {
  let loaded: Promise<ImageBytes> | null = null;
  const bytes = () => (loaded ??= load());
  return {
    key,
    publicUrl,
    bytes,
    dataUri: async () => {
      const { data, mimeType } = await bytes();
      return `data:${mimeType};base64,${data.toString('base64')}`;
    },
  };
}

/**
 * A subject is one of the caller's own image files, our default avatar (a character without a
 * picture of its own), or a public https URL. Anything else is refused before a provider runs.
 * Bytes are loaded only when a provider asks for them.
 */
export class SubjectResolver {
  constructor(
    private readonly files: FilesPort,
    private readonly options: { maxImageBytes: number; timeoutMs: number },
  ) {}

  async resolve(userId: string, subject: string): Promise<SubjectImage> {
    const fileId = subject.startsWith('/api/files/') ? fileIdFromUrl(subject) : null;
    if (fileId) {
      const file = await this.files.getFile(userId, fileId);
      if (!file.mimeType.startsWith('image/')) {
        throw AppError.badRequest('The subject must be an image', 'INVALID_SUBJECT');
      }
      // By id, not sha256: a file never changes under its id, and its sum may still be on its way.
      return subjectImage(`file:${file.$id}`, null, () => this.files.readFile(userId, fileId));
    }
    if (subject.startsWith('/api/avatars/shapes')) {
      const url = new URL(subject, 'http://local.invalid');
      const query = avatarQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (url.pathname === '/api/avatars/shapes' && query.success) {
        const seed = query.data.seed;
        // Providers get a large rendering: the avatar is vector art, so size costs nothing.
        return subjectImage(`avatar:${seed}`, null, async () => ({
          data: await shapesAvatarPng(seed, 1024),
          mimeType: 'image/png',
        }));
      }
    }
    if (/^https:\/\/[^\s]+$/i.test(subject) && URL.canParse(subject)) {
      assertPublicLiteral(subject);
      const key = `url:${createHash('sha256').update(subject).digest('hex')}`;
      return subjectImage(key, subject, async () => {
        const data = await fetchPublicBytes(
          subject,
          this.options.maxImageBytes,
          AbortSignal.timeout(this.options.timeoutMs),
        );
        const mimeType = this.files.imageType(data);
        if (!mimeType) throw AppError.badRequest('The subject is not an image', 'INVALID_SUBJECT');
        return { data, mimeType };
      });
    }
    throw AppError.badRequest(
      'The subject must be one of your files (/api/files/<id>/view), a default avatar or an https URL',
      'INVALID_SUBJECT',
    );
  }
}
