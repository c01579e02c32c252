import { type MediaGeneration, fileIdFromUrl } from '@baegen/shared/contract';
import type { ProvenancePort } from '../media';
import type { StoredOutput } from './provider-work';
import type { GenerationOutputsRepository } from './generation-outputs.repository';

/**
 * What a job's provider reported of each output, kept by the output's file so that saving the file
 * as media records how it was made, from the server's own records rather than from the client.
 */
export class GenerationProvenance implements ProvenancePort {
  constructor(private readonly outputs: GenerationOutputsRepository) {}

  async record(userId: string, generationId: string, stored: StoredOutput[]): Promise<void> {
    const rows = stored.flatMap(({ url, details }) => {
      const fileId = fileIdFromUrl(url);
      return fileId
        ? [
            {
              user_id: userId,
              file_id: fileId,
              generation_id: generationId,
              model: details.model ?? null,
              seed: details.seed ?? null,
            },
          ]
        : [];
    });
    await this.outputs.record(rows);
  }

  async ofFile(userId: string, fileId: string): Promise<MediaGeneration | null> {
    const row = await this.outputs.ofFile(userId, fileId);
    if (!row) return null;
    return {
      jobId: row.generation_id,
      provider: row.provider,
      model: row.model,
      seed: row.seed === null ? null : Number(row.seed),
      prompt: row.prompt,
      subject: row.subject,
    };
  }
}
