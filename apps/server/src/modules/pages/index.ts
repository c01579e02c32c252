export { pagesModule } from './pages.module';
