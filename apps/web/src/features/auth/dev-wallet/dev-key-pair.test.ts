import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { devKeyPairFromSeed } from './dev-key-pair';

describe('devKeyPairFromSeed', () => {
  it('has the public key and signatures tweetnacl gives the same seed', async () => {
    for (let round = 0; round < 8; round += 1) {
      const seed = nacl.randomBytes(32);
      const reference = nacl.sign.keyPair.fromSeed(seed);
      const keyPair = await devKeyPairFromSeed(seed);
      expect([...keyPair.publicKey]).toEqual([...reference.publicKey]);
      for (const message of [new Uint8Array(0), nacl.randomBytes(1 + round * 97)]) {
        const signature = await keyPair.sign(message);
        expect([...signature]).toEqual([...nacl.sign.detached(message, reference.secretKey)]);
      }
    }
  });

  it('signs only the bytes a view covers, not the rest of its buffer', async () => {
    const seed = nacl.randomBytes(32);
    const buffer = nacl.randomBytes(100);
    const message = buffer.subarray(10, 60);
    const signature = await (await devKeyPairFromSeed(seed)).sign(message);
    const reference = nacl.sign.keyPair.fromSeed(seed);
    expect([...signature]).toEqual([...nacl.sign.detached(message.slice(), reference.secretKey)]);
  });

  it('refuses a seed that is not 32 bytes', async () => {
    await expect(devKeyPairFromSeed(new Uint8Array(31))).rejects.toThrow(/32 bytes/);
  });
});
