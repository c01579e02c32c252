export { mediaModule } from './media.module';
export type { ProvenancePort } from './provenance.port';
