import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is a const enum, which isolatedModules cannot inline.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch (err) {
    // A malformed stored hash must read as "wrong password", not as a server error.
    if (err instanceof Error) return false;
    throw err;
  }
}
