import type { Scenario, UserKind } from "./scenario.ts";
import type { SinkLedger } from "./sink-ledger.ts";

export interface ExactlyOnceCheck {
  /** Recipients who got exactly one digest. */
  once: number;
  /** Recipients who got none, or more than one. */
  missing: string[];
  duplicated: string[];
  /** Users who must get none but got one, with why they must not. */
  wronglyMailed: { email: string; kind: UserKind }[];
  /** Addresses that are nobody's in the scenario. */
  strangers: string[];
  passed: boolean;
}

/** Every eligible user got exactly one e-mail, and nobody else got any. */
export function checkExactlyOnce(scenario: Scenario, ledger: SinkLedger): ExactlyOnceCheck {
  const expected = new Set(scenario.recipients.map((user) => user.email));
  const kinds = new Map(scenario.users.map((user) => [user.email, user.kind]));
  const missing: string[] = [];
  const duplicated: string[] = [];
  let once = 0;
  for (const email of expected) {
    const count = ledger.perRecipient.get(email) ?? 0;
    if (count === 0) missing.push(email);
    else if (count > 1) duplicated.push(email);
    else once += 1;
  }
  const wronglyMailed: ExactlyOnceCheck["wronglyMailed"] = [];
  const strangers: string[] = [];
  for (const email of ledger.perRecipient.keys()) {
    if (expected.has(email)) continue;
    const kind = kinds.get(email);
    if (kind) wronglyMailed.push({ email, kind });
    else strangers.push(email);
  }
  const passed =
    missing.length === 0 && duplicated.length === 0 && wronglyMailed.length === 0 && strangers.length === 0;
  return { once, missing, duplicated, wronglyMailed, strangers, passed };
}
