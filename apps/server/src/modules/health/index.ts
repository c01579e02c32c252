export { healthModule } from './health.module';
