import type { MediaGeneration } from '@baegen/shared/contract';

/** How a stored file of the user was made, when one of their generation jobs made it. */
export interface ProvenancePort {
  ofFile(userId: string, fileId: string): Promise<MediaGeneration | null>;
}
