import type { Signer, UnsignResult } from "@fastify/cookie";
import { setNewestWithin } from "./newest-within.ts";

/** The most session ids (and cookies) each direction keeps; past it the oldest give way. */
const MAX_REMEMBERED = 10_000;

/**
 * The session cookie's signer, remembering the ids it signed and the cookies it found genuine lately.
 * @fastify/session verifies the cookie's signature on every request that carries one, and signs the
 * session's id again each time it loads that session: two HMACs per signed-in request, for the same
 * values a browser sends over and over. A cookie whose signature does not hold is checked afresh every
 * time and never kept, so made-up cookies cannot fill the memory.
 */
export class RememberingSigner {
  private readonly signed = new Map<string, string>();
  private readonly genuine = new Map<string, string>();

  constructor(
    private readonly signer: Pick<Signer, "sign" | "unsign">,
    private readonly capacity = MAX_REMEMBERED,
  ) {}

  sign = (value: string): string => {
    const known = this.signed.get(value);
    if (known !== undefined) return known;
    const cookie = this.signer.sign(value);
    setNewestWithin(this.signed, value, cookie, this.capacity);
    return cookie;
  };

  unsign = (cookie: string): UnsignResult => {
    const known = this.genuine.get(cookie);
    if (known !== undefined) return { valid: true, renew: false, value: known };
    const result = this.signer.unsign(cookie);
    // A cookie signed with an older secret still asks to be signed again: not kept, so it keeps saying so.
    if (result.valid && !result.renew) setNewestWithin(this.genuine, cookie, result.value, this.capacity);
    return result;
  };
}
