/** An ed25519 key that signs: its 32-byte public key and a detached-signature function. */
export interface DevKeyPair {
  readonly publicKey: Uint8Array;
  sign(message: Uint8Array): Promise<Uint8Array>;
}

// WebCrypto imports a raw ed25519 seed only as PKCS#8: this DER header (RFC 8410) followed by the
// 32 seed bytes is the whole private key structure.
const PKCS8_ED25519_PREFIX = new Uint8Array([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
]);
const ED25519 = { name: 'Ed25519' } as const;

function fromBase64Url(text: string): Uint8Array {
  return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
}

/**
 * The key pair a 32-byte seed stands for, held by the browser's WebCrypto. Ed25519 signing is
 * deterministic, so its signatures are those of any other implementation given the same seed.
 */
export async function devKeyPairFromSeed(seed: Uint8Array): Promise<DevKeyPair> {
  if (seed.length !== 32) throw new Error('An ed25519 seed is 32 bytes');
  const pkcs8 = new Uint8Array(PKCS8_ED25519_PREFIX.length + seed.length);
  pkcs8.set(PKCS8_ED25519_PREFIX);
  pkcs8.set(seed, PKCS8_ED25519_PREFIX.length);
  // Extractable, because a PKCS#8 import yields no public key: the JWK export is what carries it.
  const privateKey = await crypto.subtle.importKey('pkcs8', pkcs8, ED25519, true, ['sign']);
  const { x } = await crypto.subtle.exportKey('jwk', privateKey);
  if (!x) throw new Error('The ed25519 key has no public part');
  return {
    publicKey: fromBase64Url(x),
    // WebCrypto takes no views of shared memory, so the message is copied into a buffer of its own.
    sign: async (message) => new Uint8Array(await crypto.subtle.sign(ED25519, privateKey, message.slice())),
  };
}
