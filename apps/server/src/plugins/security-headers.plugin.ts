import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { SOLANA_NETWORK } from '@baegen/shared/contract';
import type { Env } from '../config/env';

const SOLANA_RPC = `api.${SOLANA_NETWORK}.solana.com`;

/** The policy the built web app runs under with zero violations (the e2e suite checks it). */
function contentSecurityPolicy(https: boolean) {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // The toast library writes its rules into a <style> element at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Character pictures and media may point at any http(s) address the user gave.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'media-src': ["'self'", 'blob:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    // The wallet runtime reads the chain over JSON-RPC and subscribes over a web socket.
    'connect-src': ["'self'", `https://${SOLANA_RPC}`, `wss://${SOLANA_RPC}`],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The headers Helmet sets for `options`, worked out once. None of them depends on the request, and
 * building Helmet's middleware for every request (as the Fastify plugin does) cost a few per cent
 * of a list request's time, CSP parsing included.
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string | number) => headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every response. HSTS only when PUBLIC_URL is https: sent over plain http it
 * would be ignored at best, and pin a local install to https at worst.
 */
export function registerSecurityHeaders(app: FastifyInstance, env: Env) {
  const https = env.PUBLIC_URL?.toLowerCase().startsWith('https:') ?? false;
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Browser wallets may open a pop-up that must be able to answer the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // On the raw response, as Helmet itself would: routes that write it directly (the event stream)
  // carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
