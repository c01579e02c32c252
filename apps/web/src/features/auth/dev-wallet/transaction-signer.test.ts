// @vitest-environment node
import {
  Keypair,
  type PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { devKeyPairFromSeed } from './dev-key-pair';
import { signTransactionBytes } from './transaction-signer';

const blockhash = '11111111111111111111111111111111';

// A web3.js secret key is the 32-byte seed followed by the public key.
const signerOf = (keypair: Keypair) => devKeyPairFromSeed(keypair.secretKey.slice(0, 32));

function transfer(from: PublicKey) {
  return SystemProgram.transfer({ fromPubkey: from, toPubkey: Keypair.generate().publicKey, lamports: 1 });
}

describe('signTransactionBytes', () => {
  it('signs a legacy transaction in the fee payer slot', async () => {
    const payer = Keypair.generate();
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      transfer(payer.publicKey),
    );
    const unsigned = new Uint8Array(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
    const signed = Transaction.from(await signTransactionBytes(unsigned, await signerOf(payer)));
    expect(signed.verifySignatures()).toBe(true);
  });

  it('signs a v0 transaction as the second signer and leaves the first slot alone', async () => {
    const payer = Keypair.generate();
    const cosigner = Keypair.generate();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [transfer(cosigner.publicKey)],
    }).compileToV0Message();
    const signed = VersionedTransaction.deserialize(
      await signTransactionBytes(new VersionedTransaction(message).serialize(), await signerOf(cosigner)),
    );
    const messageBytes = signed.message.serialize();
    expect(signed.signatures[0]).toEqual(new Uint8Array(64));
    expect(nacl.sign.detached.verify(messageBytes, signed.signatures[1]!, cosigner.publicKey.toBytes())).toBe(
      true,
    );
    expect(signed.signatures[1]).toEqual(nacl.sign.detached(messageBytes, cosigner.secretKey));
  });

  it('refuses a transaction that does not need this key', async () => {
    const payer = Keypair.generate();
    const stranger = Keypair.generate();
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      transfer(payer.publicKey),
    );
    const unsigned = new Uint8Array(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
    await expect(signTransactionBytes(unsigned, await signerOf(stranger))).rejects.toThrow(/does not ask/);
  });
});
