import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ServiceApp } from "@tubedigest/http";
import { type SharedSummaryPreview, withSharedSummaryHead } from "./shared-summary-head.ts";

/** A share's id, as the summariser makes them: 22 base64url characters. */
const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;
/** A link preview waits this long for the share; past it, the page goes out without the preview tags. */
const LOOK_UP_MS = 2_000;

/**
 * `/s/{id}`, a shared summary's public page: the web app's index.html, its head filled in for link-preview
 * bots (which run no JavaScript) from the summariser's public answer for the share. An unknown id is the
 * app's not-found page with a 404; a summariser that does not answer in time gives the page without the
 * tags (the app then shows its own message), never an error page. No session, cookie or tracking is
 * involved: the lookup carries nobody's identity.
 */
export function registerSharedSummaryPage(
  app: ServiceApp,
  options: { webDist: string; summariserUrl: string; publicOrigin: string | undefined },
): void {
  const indexFile = path.join(path.resolve(options.webDist), "index.html");
  app.get<{ Params: { id: string } }>("/s/:id", async (request, reply) => {
    const index = await readFile(indexFile, "utf8").catch(() => undefined);
    if (index === undefined) {
      return reply
        .status(503)
        .type("text/plain")
        .send("The web app has not been built yet: run `make build`.");
    }
    // The page carries the share's title and summary: like the share itself, kept by no cache, so it ends
    // with "Stop Sharing".
    reply.type("text/html").header("cache-control", "private, no-store");
    const { id } = request.params;
    if (!SHARE_ID.test(id)) return reply.status(404).send(index);
    const share = await lookUp(options.summariserUrl, id, request.id).catch((error: unknown) => {
      request.log.warn({ err: error }, "shared summary not looked up; its page goes without preview tags");
      return null;
    });
    if (share === undefined) return reply.status(404).send(index);
    if (share === null) return reply.send(index);
    const url = options.publicOrigin ? `${options.publicOrigin}/s/${id}` : undefined;
    return reply.send(withSharedSummaryHead(index, share, { url }));
  });
}

/** The share, undefined when there is none, or throws when the summariser could not say. */
async function lookUp(
  summariserUrl: string,
  id: string,
  requestId: string,
): Promise<SharedSummaryPreview | undefined> {
  const response = await fetch(`${summariserUrl}/api/shared-summaries/${id}`, {
    headers: { accept: "application/json", "x-request-id": requestId },
    signal: AbortSignal.timeout(LOOK_UP_MS),
  });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`the summariser answered ${response.status}`);
  return (await response.json()) as SharedSummaryPreview;
}
