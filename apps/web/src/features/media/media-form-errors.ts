import { ERROR_CODES } from '@baegen/shared';
import { ApiRequestError } from '../../lib/api-client';

/** A 401: the session is gone. */
export function isUnauthorized(error: unknown) {
  return error instanceof ApiRequestError && error.status === 401;
}

/** A save refused as a duplicate (Back, another tab): the image is in the media already. */
export function isAlreadySaved(outcome: PromiseSettledResult<unknown> | undefined) {
  return (
    outcome?.status === 'rejected' &&
    outcome.reason instanceof ApiRequestError &&
    outcome.reason.code === ERROR_CODES.mediaAlreadySaved
  );
}

/** The server's own words for "too many running jobs": they say how many and what to do. */
export function isTooManyActive(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.code === ERROR_CODES.tooManyActiveGenerations;
}
