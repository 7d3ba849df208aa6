import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { HttpProxyAgent } from "http-proxy-agent";
import { HttpsProxyAgent } from "https-proxy-agent";
import { SocksProxyAgent } from "socks-proxy-agent";
import type { HttpRequester, OutboundAnswer } from "./http-requester.ts";

/**
 * Requests through an outbound proxy (HTTP(S) with CONNECT for https targets, or SOCKS 4/5), so that a
 * server whose own address YouTube refuses (most cloud providers') is seen from the proxy's. Node's
 * fetch takes no agent, so these go through node:http(s) with the proxy agents from npm.
 */
export function proxiedRequester(proxyUrl: string): HttpRequester {
  const socks = proxyUrl.startsWith("socks");
  const agents = {
    "http:": socks ? new SocksProxyAgent(proxyUrl) : new HttpProxyAgent(proxyUrl),
    "https:": socks ? new SocksProxyAgent(proxyUrl) : new HttpsProxyAgent(proxyUrl),
  };
  return (url, request) =>
    new Promise<OutboundAnswer>((resolve, reject) => {
      const target = new URL(url);
      const send = target.protocol === "https:" ? httpsRequest : httpRequest;
      const agent = target.protocol === "https:" ? agents["https:"] : agents["http:"];
      const outgoing = send(
        target,
        {
          method: request.method ?? "GET",
          headers: request.headers,
          agent,
          signal: AbortSignal.timeout(request.timeoutMs),
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("error", reject);
          incoming.on("end", () =>
            resolve({ status: incoming.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
          );
        },
      );
      outgoing.on("error", reject);
      outgoing.end(request.body);
    });
}
