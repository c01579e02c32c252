import type { DevKeyPair } from './dev-key-pair';

const SIGNATURE_BYTES = 64;
const PUBLIC_KEY_BYTES = 32;

/** Solana's compact-u16 ("shortvec") length prefix: the value and how many bytes it took. */
function readCompactU16(bytes: Uint8Array, offset: number): [value: number, size: number] {
  let value = 0;
  for (let size = 0; size < 3; size += 1) {
    const byte = bytes[offset + size];
    if (byte === undefined) throw new Error('Transaction is truncated');
    value |= (byte & 0x7f) << (7 * size);
    if ((byte & 0x80) === 0) return [value, size + 1];
  }
  throw new Error('Transaction length prefix is malformed');
}

/**
 * Adds this key's signature to a serialized legacy or v0 transaction, in the slot the message
 * reserves for it. Parsing the wire format directly keeps web3.js out of the wallet.
 */
export async function signTransactionBytes(
  transaction: Uint8Array,
  keyPair: DevKeyPair,
): Promise<Uint8Array> {
  const [signatureCount, prefixSize] = readCompactU16(transaction, 0);
  const messageOffset = prefixSize + signatureCount * SIGNATURE_BYTES;
  const message = transaction.subarray(messageOffset);
  // A v0 message starts with a version byte that has the top bit set; a legacy one does not.
  let cursor = (message[0] ?? 0) & 0x80 ? 1 : 0;
  const requiredSignatures = message[cursor];
  if (requiredSignatures === undefined || requiredSignatures > signatureCount) {
    throw new Error('Transaction header is malformed');
  }
  cursor += 3;
  const [keyCount, keyPrefixSize] = readCompactU16(message, cursor);
  cursor += keyPrefixSize;
  for (let index = 0; index < Math.min(keyCount, requiredSignatures); index += 1) {
    const start = cursor + index * PUBLIC_KEY_BYTES;
    const key = message.subarray(start, start + PUBLIC_KEY_BYTES);
    if (key.length === PUBLIC_KEY_BYTES && key.every((byte, i) => byte === keyPair.publicKey[i])) {
      const signed = transaction.slice();
      signed.set(await keyPair.sign(message), prefixSize + index * SIGNATURE_BYTES);
      return signed;
    }
  }
  throw new Error('This transaction does not ask for this wallet’s signature');
}
