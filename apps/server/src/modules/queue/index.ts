export { queueModule } from './queue.module';
export { type JobContext, type JobQueue, RetryableJobError } from './job-queue.port';
