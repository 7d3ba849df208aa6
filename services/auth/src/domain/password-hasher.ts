import argon2 from "argon2";

/** OWASP's first recommended argon2id setting: 19 MiB of memory, 2 passes, 1 lane. */
const OWASP_ARGON2ID = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** True when a stored hash was made with weaker settings than today's and should be replaced. */
  needsRehash(hash: string): boolean;
  /**
   * Spends the time a real verification would, so an unknown e-mail cannot be told from a wrong
   * password by how long the answer takes.
   */
  verifyNothing(password: string): Promise<false>;
}

export function createPasswordHasher(): PasswordHasher {
  const decoy = argon2.hash("decoy password never matched", OWASP_ARGON2ID);
  return {
    hash: (password) => argon2.hash(password, OWASP_ARGON2ID),
    verify: (hash, password) => argon2.verify(hash, password).catch(() => false),
    needsRehash: (hash) => argon2.needsRehash(hash, OWASP_ARGON2ID),
    async verifyNothing(password) {
      await argon2.verify(await decoy, password).catch(() => false);
      return false;
    },
  };
}
