/** One message the SMTP sink accepted. */
export interface Acceptance {
  atMs: number;
  bytes: number;
  recipient: string;
}

/** What the discarding SMTP sink reported, line by line: every acceptance, and how many each address got. */
export class SinkLedger {
  readonly acceptances: Acceptance[] = [];
  readonly perRecipient = new Map<string, number>();

  /** Takes an "accepted <epoch ms> <bytes> <recipient>" line; ignores any other. */
  take(line: string): void {
    const match = /^accepted (\d+) (\d+) (\S+)$/.exec(line);
    if (!match) return;
    const recipient = (match[3] ?? "").toLowerCase();
    this.acceptances.push({ atMs: Number(match[1]), bytes: Number(match[2]), recipient });
    this.perRecipient.set(recipient, (this.perRecipient.get(recipient) ?? 0) + 1);
  }

  /** How many of `addresses` got at least one message. */
  reached(addresses: ReadonlySet<string>): number {
    let count = 0;
    for (const address of addresses) if (this.perRecipient.has(address)) count += 1;
    return count;
  }
}
