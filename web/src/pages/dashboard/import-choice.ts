import type { ImportChannel } from "@tubedigest/contracts/channels";

/** Where a reader's choice from an imported file stands against their plan's allowance. */
export interface ImportChoice {
  /** Chosen channels not followed yet: what following would add. */
  adding: string[];
  /** How many more channels the plan allows. */
  room: number;
  /** True when the choice adds more than the plan allows. */
  over: boolean;
}

/**
 * The chosen channels against the allowance: those followed already are no addition. With no allowance
 * known (the server could not say), nothing is held back here; the server decides either way.
 */
export function importChoice(
  channels: readonly ImportChannel[],
  chosen: ReadonlySet<string>,
  user: { channelCount: number; channelAllowance: number | null },
): ImportChoice {
  const adding = channels
    .filter((channel) => !channel.following && chosen.has(channel.youtubeChannelId))
    .map((channel) => channel.youtubeChannelId);
  const room =
    user.channelAllowance === null
      ? Number.POSITIVE_INFINITY
      : Math.max(0, user.channelAllowance - user.channelCount);
  return { adding, room, over: adding.length > room };
}
