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
import { signTransactionBytes } from './transaction-signer';

const blockhash = '11111111111111111111111111111111';

function transfer(from: PublicKey) {
  return SystemProgram.transfer({ fromPubkey: from, toPubkey: Keypair.generate().publicKey, lamports: 1 });
}

describe('signTransactionBytes', () => {
  it('signs a legacy transaction in the fee payer slot', () => {
    const payer = Keypair.generate();
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      transfer(payer.publicKey),
    );
    const unsigned = new Uint8Array(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
    const signed = Transaction.from(signTransactionBytes(unsigned, payer.secretKey));
    expect(signed.verifySignatures()).toBe(true);
  });

  it('signs a v0 transaction as the second signer and leaves the first slot alone', () => {
    const payer = Keypair.generate();
    const cosigner = Keypair.generate();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [transfer(cosigner.publicKey)],
    }).compileToV0Message();
    const signed = VersionedTransaction.deserialize(
      signTransactionBytes(new VersionedTransaction(message).serialize(), cosigner.secretKey),
    );
    const messageBytes = signed.message.serialize();
    expect(signed.signatures[0]).toEqual(new Uint8Array(64));
    expect(nacl.sign.detached.verify(messageBytes, signed.signatures[1]!, cosigner.publicKey.toBytes())).toBe(
      true,
    );
  });

  it('refuses a transaction that does not need this key', () => {
    const payer = Keypair.generate();
    const stranger = Keypair.generate();
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      transfer(payer.publicKey),
    );
    const unsigned = new Uint8Array(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
    expect(() => signTransactionBytes(unsigned, stranger.secretKey)).toThrow(/does not ask/);
  });
});
