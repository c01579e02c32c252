import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { SOLANA_NETWORK } from '@baegen/shared';
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
 * Security headers on every response. HSTS only when PUBLIC_URL is https: sent over plain http it
 * would be ignored at best, and pin a local install to https at worst.
 */
export async function registerSecurityHeaders(app: FastifyInstance, env: Env) {
  const https = env.PUBLIC_URL?.toLowerCase().startsWith('https:') ?? false;
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(https) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Browser wallets may open a pop-up that must be able to answer the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
