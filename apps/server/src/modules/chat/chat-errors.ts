import { CHAT_COPY, CHAT_ERROR_CODES } from '@baegen/shared/contract';
import { AppError } from '../../errors/app-error';

export const chatNotFound = () => AppError.notFound(CHAT_COPY.chatNotFound, CHAT_ERROR_CODES.notFound);
export const messageNotFound = () =>
  AppError.notFound(CHAT_COPY.messageNotFound, CHAT_ERROR_CODES.messageNotFound);
export const chatBusy = () => new AppError(409, CHAT_ERROR_CODES.busy, CHAT_COPY.busy);
export const chatIdle = () => new AppError(409, CHAT_ERROR_CODES.idle, CHAT_COPY.idle);
export const notAReply = () => AppError.badRequest(CHAT_COPY.notAReply, CHAT_ERROR_CODES.notAReply);
export const swipeOutOfRange = () =>
  AppError.badRequest(CHAT_COPY.swipeOutOfRange, CHAT_ERROR_CODES.swipeOutOfRange);
export const invalidChat = (message: string = CHAT_COPY.invalidChat) =>
  AppError.badRequest(message, CHAT_ERROR_CODES.invalid);
export const chatTooLarge = () => new AppError(413, CHAT_ERROR_CODES.tooLarge, CHAT_COPY.tooLarge);
