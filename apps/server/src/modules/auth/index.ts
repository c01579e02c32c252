export { authModule } from './auth.module';
export { carriesSession, currentUser } from './auth.plugin';
export { createRoute, deleteRoute, sendListPage, signedInRoutes } from './signed-in-routes';
