export { fleetModule } from './fleet.module';
