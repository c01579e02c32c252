export { authModule } from './auth.module';
export { currentUser } from './auth.plugin';
export { createRoute, deleteRoute, sendListPage, signedInRoutes } from './signed-in-routes';
