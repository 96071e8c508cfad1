import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its recommended memory and time costs.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) return false;
  try {
    return await verify(storedHash, password);
  } catch {
    return false; // a malformed stored hash is a failed login, not a server error
  }
}
