export { authModule } from './auth.module';
export { currentUser } from './auth.plugin';
export { deleteRoute, sendListPage, signedInRoutes } from './signed-in-routes';
