export { samplesModule } from './samples.module';
export { SAMPLE_VIDEO_FILE, findAssetsDir } from './samples.routes';
