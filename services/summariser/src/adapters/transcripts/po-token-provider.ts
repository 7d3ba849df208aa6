/**
 * A video's proof-of-origin token from a bgutil provider server (`POST /get_pot`, the server yt-dlp's
 * bgutil plugin asks too), which runs YouTube's BotGuard challenge where a browser-like runtime is at hand.
 * Asked per video, bound to its id. A provider that fails is not fatal: the request goes without a token,
 * and YouTube's answer decides.
 */
export async function poTokenFrom(
  providerUrl: string,
  videoId: string,
  timeoutMs: number,
): Promise<string | undefined> {
  try {
    const response = await fetch(new URL("/get_pot", providerUrl), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content_binding: videoId }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return undefined;
    const answer = (await response.json()) as { poToken?: unknown };
    return typeof answer.poToken === "string" && answer.poToken !== "" ? answer.poToken : undefined;
  } catch {
    return undefined;
  }
}
