export { publicConfigModule } from './public-config.module';
