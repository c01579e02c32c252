export { avatarsModule } from './avatars.module';
export { shapesAvatarPng } from './avatars.service';
