import { APP_NAME } from '@baegen/shared/contract';

export interface SignInFields {
  address: string;
  domain: string;
  nonce: string;
  issuedAt: string;
  expiresAt: string;
}

/** The seed's sentence, then lines binding the signature to this server, nonce and time. */
export function buildSignInMessage(fields: SignInFields): string {
  return [
    `Sign this message to authenticate with ${APP_NAME}: ${fields.address}`,
    '',
    `Domain: ${fields.domain}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
    `Expiration Time: ${fields.expiresAt}`,
  ].join('\n');
}

/** Reads the fields back out of a message; undefined when it is not one of ours. */
export function parseSignInMessage(message: string): SignInFields | undefined {
  const match =
    /^Sign this message to authenticate with [^:\n]+: (\S+)\n\nDomain: (\S+)\nNonce: (\S+)\nIssued At: (\S+)\nExpiration Time: (\S+)$/.exec(
      message,
    );
  if (!match) return undefined;
  const [, address, domain, nonce, issuedAt, expiresAt] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return { address, domain, nonce, issuedAt, expiresAt };
}
