export { nonceResponseSchema, publicConfigSchema, sessionSchema } from '@baegen/shared';
