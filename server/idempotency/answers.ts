import crypto from 'node:crypto';

/**
 * What of an idempotency key the server keeps: a hash that finds its row, and an answer sealed (AES-256-GCM) with a
 * key derived from it. The key itself is the client's: without it the stored answer (a new account's password, a
 * calendar address) cannot be read from the database or a backup of it.
 */

export interface KeyOwner {
  kind: string;
  id: number;
}

/** The row's name for a key; another derivation than the sealing key's, so the one does not reveal the other. */
export function keyHash(key: string): Buffer {
  return crypto.createHash('sha256').update('idempotency-key\0').update(key).digest();
}

function sealingKey(key: string, owner: KeyOwner): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', key, `${owner.kind}:${owner.id}`, 'idempotent answer', 32));
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** iv, tag and ciphertext of `body`, in one buffer. */
export function sealAnswer(body: Buffer, key: string, owner: KeyOwner): Buffer {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealingKey(key, owner), iv);
  const sealed = Buffer.concat([cipher.update(body), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

/** The body sealed by sealAnswer, or null when it does not open with this key (it then never was this key's). */
export function openAnswer(sealed: Uint8Array, key: string, owner: KeyOwner): Buffer | null {
  const bytes = Buffer.from(sealed);
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', sealingKey(key, owner), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}
