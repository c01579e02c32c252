export { pageUser } from './page-user';
