#!/usr/bin/env node
// A stand-in for Mailpit where its image cannot be pulled: the part of Mailpit the stack uses, with
// Node's built-ins only.
//
//   node mail-catcher.mjs          # SMTP on 0.0.0.0:${SMTP_PORT:-1025}, HTTP on 0.0.0.0:${HTTP_PORT:-8025}
//   node mail-catcher.mjs readyz   # exits 0 when the running catcher's /readyz answers 200, else 1
//
// SMTP accepts every message (no TLS, no AUTH, as Mailpit's defaults) and delivers none. HTTP answers
// like Mailpit's API v1: GET /api/v1/messages (newest first, `start` and `limit` as Mailpit reads them),
// GET /api/v1/message/{ID}/raw, DELETE /api/v1/messages (all, or the IDs a JSON body names), and
// GET /livez and /readyz. Messages live in memory only, so a restarted container starts empty, as
// Mailpit does with its database under /tmp. HOST picks the address both listen on.
import { randomBytes } from "node:crypto";
import { createServer as createHttpServer } from "node:http";
import { createServer as createTcpServer } from "node:net";
import { hostname } from "node:os";

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const MAX_MESSAGES = 1000;
// Together with the count: a thousand messages near the size limit would not fit in a small container.
const MAX_STORED_BYTES = 256 * 1024 * 1024;
const MAX_RECIPIENTS = 1000;
// RFC 5321 allows 512 bytes for a command line; some room for long addresses and parameters.
const MAX_COMMAND_LINE_BYTES = 4096;
// A message line longer than this is kept in pieces rather than buffered whole until its line break.
const MAX_BUFFERED_DATA_BYTES = 64 * 1024;
const SMTP_IDLE_MS = 5 * 60 * 1000;
const MAX_SMTP_CONNECTIONS = 100;
// Mailpit's own default page size for the message list.
const DEFAULT_PAGE_SIZE = 50;
const MAX_REQUEST_BODY_BYTES = 1024 * 1024;
const READYZ_TIMEOUT_MS = 2000;

// biome-ignore lint/style/noProcessEnv: a standalone script; HOST, SMTP_PORT and HTTP_PORT are all it reads.
const environment = process.env;

function log(line) {
  process.stdout.write(`${new Date().toISOString()} mail-catcher: ${line}\n`);
}

function portFromEnv(name, fallback) {
  const text = environment[name];
  if (text === undefined || text === "") return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    process.stderr.write(`mail-catcher: ${name} must be a port number (1-65535), not "${text}"\n`);
    process.exit(2);
  }
  return port;
}

// ---- Reading headers: enough MIME to list a message as Mailpit does.

/** The header section (up to the first empty line), unfolded, as [lower-case name, value] pairs. */
function parseHeaders(raw) {
  const text = raw.toString("utf8");
  const end = text.search(/\r?\n\r?\n/);
  const section = end === -1 ? text : text.slice(0, end);
  const headers = [];
  for (const line of section.replace(/\r?\n(?=[ \t])/g, "").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return headers;
}

function headerValue(headers, name) {
  return headers.find(([key]) => key === name)?.[1];
}

const ENCODED_WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g;

function decodeQ(payload) {
  const bytes = [];
  for (let index = 0; index < payload.length; index++) {
    const char = payload[index];
    const hex = payload.slice(index + 1, index + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(char === "_" ? 0x20 : char.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** Bytes in a named charset, or undefined for a charset Node does not know. */
function decodeCharset(bytes, charset) {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * RFC 2047 encoded-words (Q and B) decoded. Adjacent words of one charset are joined before decoding,
 * since a sender may split a multi-byte character between them; the spacing between encoded-words
 * is not text (RFC 2047 §6.2). A word in an unknown charset stays as it was written.
 */
function decodeEncodedWords(value) {
  let text = "";
  let run; // consecutive encoded-words in one charset: { charset, parts, written }
  let last = 0;
  const flush = () => {
    if (!run) return;
    text += decodeCharset(Buffer.concat(run.parts), run.charset) ?? run.written;
    run = undefined;
  };
  for (const match of value.matchAll(ENCODED_WORD)) {
    const [written, charsetSpec, encoding, payload] = match;
    const between = value.slice(last, match.index);
    // RFC 2231 lets a language follow the charset: utf-8*en.
    const charset = charsetSpec.split("*")[0].toLowerCase();
    const bytes = encoding.toUpperCase() === "B" ? Buffer.from(payload, "base64") : decodeQ(payload);
    const adjacent = run !== undefined && /^\s*$/.test(between);
    if (adjacent && run.charset === charset) {
      run.parts.push(bytes);
      run.written += between + written;
    } else {
      flush();
      if (!adjacent) text += between;
      run = { charset, parts: [bytes], written };
    }
    last = match.index + written.length;
  }
  flush();
  return text + value.slice(last);
}

/** Splits at top-level commas, and drops group names ("Team: a@x, b@y;"), outside quotes and brackets. */
function splitAddressList(value) {
  const parts = [];
  let current = "";
  let quoted = false;
  let angle = 0;
  let comment = 0;
  for (let index = 0; index < value.length; index++) {
    const char = value[index];
    if (quoted) {
      current += char;
      if (char === "\\") current += value[++index] ?? "";
      else if (char === '"') quoted = false;
      continue;
    }
    if (char === '"' && comment === 0) quoted = true;
    else if (char === "(") comment++;
    else if (char === ")" && comment > 0) comment--;
    else if (char === "<" && comment === 0) angle++;
    else if (char === ">" && angle > 0 && comment === 0) angle--;
    const topLevel = angle === 0 && comment === 0;
    if (topLevel && (char === "," || char === ";")) {
      parts.push(current);
      current = "";
    } else if (topLevel && char === ":") {
      current = ""; // what came before was a group's name
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter(Boolean);
}

function unquote(text) {
  const trimmed = text.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, "$1");
  }
  return trimmed;
}

/** One mailbox as Mailpit (Go's net/mail) shows it: { Name, Address }. */
function parseMailbox(text) {
  const comments = [];
  const withoutComments = text.replace(/\(([^()]*)\)/g, (_, inner) => {
    comments.push(inner.trim());
    return " ";
  });
  const angled = /^(.*?)<([^<>]*)>\s*$/.exec(withoutComments);
  if (angled) {
    return { Name: decodeEncodedWords(unquote(angled[1])), Address: angled[2].trim() };
  }
  return { Name: decodeEncodedWords(comments[0] ?? ""), Address: withoutComments.trim() };
}

function parseAddressList(value) {
  return value === undefined ? [] : splitAddressList(value).map(parseMailbox);
}

// ---- The mailbox: the newest messages, in memory.

const messages = []; // oldest first
let storedBytes = 0;

/** 22 letters and digits, as Mailpit's message IDs look. */
function newMessageId() {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let id = "";
  // 248 is the largest multiple of 62 under 256: rejecting bytes past it keeps every letter equally likely.
  while (id.length < 22) {
    for (const byte of randomBytes(32)) if (byte < 248 && id.length < 22) id += alphabet[byte % 62];
  }
  return id;
}

function summarise(raw, envelopeRecipients) {
  const headers = parseHeaders(raw);
  const from = parseAddressList(headerValue(headers, "from"))[0] ?? null;
  const to = parseAddressList(headerValue(headers, "to"));
  const cc = parseAddressList(headerValue(headers, "cc"));
  // As Mailpit does: envelope recipients named in no header were Bcc'd.
  const named = new Set([...to, ...cc].map((mailbox) => mailbox.Address.toLowerCase()));
  const bcc = envelopeRecipients
    .filter((address) => !named.has(address.toLowerCase()))
    .map((address) => ({ Name: "", Address: address }));
  return {
    ID: newMessageId(),
    MessageID: (headerValue(headers, "message-id") ?? "").replace(/^<|>$/g, ""),
    Read: false,
    From: from,
    To: to,
    Cc: cc,
    Bcc: bcc,
    ReplyTo: parseAddressList(headerValue(headers, "reply-to")),
    Subject: decodeEncodedWords(headerValue(headers, "subject") ?? "").trim(),
    Created: new Date().toISOString(),
    Username: "",
    Tags: [],
    Size: raw.length,
  };
}

function store(raw, envelope) {
  const summary = summarise(raw, envelope.recipients);
  messages.push({ summary, raw });
  storedBytes += raw.length;
  while (messages.length > MAX_MESSAGES || storedBytes > MAX_STORED_BYTES) {
    storedBytes -= messages.shift().raw.length;
  }
  // Who and what, never the body: sign-in links and unsubscribe tokens travel in bodies.
  log(
    `received ${summary.ID} from <${envelope.sender}> to ${envelope.recipients.map((r) => `<${r}>`).join(", ")}` +
      ` (${raw.length} bytes): ${JSON.stringify(summary.Subject)}`,
  );
}

function deleteMessages(ids) {
  if (ids === undefined) {
    messages.length = 0;
    storedBytes = 0;
    return;
  }
  const doomed = new Set(ids);
  for (let index = messages.length - 1; index >= 0; index--) {
    if (doomed.has(messages[index].summary.ID)) {
      storedBytes -= messages[index].raw.length;
      messages.splice(index, 1);
    }
  }
}

// ---- SMTP (RFC 5321), with PIPELINING (RFC 2920): commands are answered one by one, in order.

const serverName = hostname();
const smtpSockets = new Set();

const EHLO_EXTENSIONS = [`SIZE ${MAX_MESSAGE_BYTES}`, "8BITMIME", "SMTPUTF8", "PIPELINING"];

/** "FROM:<a@b> SIZE=12 BODY=8BITMIME" → the address and the parameters, or undefined if malformed. */
function parsePath(argument, keyword) {
  const match = new RegExp(`^${keyword}:\\s*(?:<([^<>]*)>|([^\\s<>]+))(.*)$`, "i").exec(argument);
  if (!match) return undefined;
  const parameters = new Map();
  for (const word of match[3].trim().split(/\s+/).filter(Boolean)) {
    const equals = word.indexOf("=");
    parameters.set(
      (equals === -1 ? word : word.slice(0, equals)).toUpperCase(),
      equals === -1 ? "" : word.slice(equals + 1),
    );
  }
  return { address: (match[1] ?? match[2]).trim(), parameters };
}

function handleSmtpConnection(socket) {
  smtpSockets.add(socket);
  const peer = `${socket.remoteAddress}:${socket.remotePort}`;
  let greeted = false;
  let transaction; // { sender, recipients } between MAIL and the end of DATA or RSET
  let data; // while reading DATA: { parts, size, tooBig, midLine }
  let pending = Buffer.alloc(0);
  let closing = false;

  const reply = (line) => {
    if (!socket.destroyed) socket.write(`${line}\r\n`);
  };
  const close = (line) => {
    closing = true;
    reply(line);
    socket.end();
  };

  function command(line) {
    const text = line.toString("utf8");
    const space = text.indexOf(" ");
    const verb = (space === -1 ? text : text.slice(0, space)).toUpperCase();
    const argument = space === -1 ? "" : text.slice(space + 1).trim();
    switch (verb) {
      case "EHLO":
      case "HELO":
        if (!argument) return reply(`501 5.5.4 ${verb} needs a domain or address`);
        greeted = true;
        transaction = undefined;
        if (verb === "HELO") return reply(`250 ${serverName}`);
        return reply(
          [`${serverName} greets ${argument}`, ...EHLO_EXTENSIONS]
            .map((item, index, all) => `250${index === all.length - 1 ? " " : "-"}${item}`)
            .join("\r\n"),
        );
      case "MAIL": {
        if (!greeted) return reply("503 5.5.1 Send HELO or EHLO first");
        if (transaction) return reply("503 5.5.1 A transaction is already open; send RSET first");
        const path = parsePath(argument, "FROM");
        if (!path) return reply("501 5.5.4 Syntax: MAIL FROM:<address> [parameters]");
        for (const [name, value] of path.parameters) {
          if (name === "SIZE") {
            if (!/^\d+$/.test(value)) return reply("501 5.5.4 SIZE needs a number of bytes");
            if (Number(value) > MAX_MESSAGE_BYTES) {
              return reply(`552 5.3.4 Message size exceeds the limit of ${MAX_MESSAGE_BYTES} bytes`);
            }
          } else if (name === "BODY") {
            if (!["7BIT", "8BITMIME"].includes(value.toUpperCase())) {
              return reply("501 5.5.4 BODY must be 7BIT or 8BITMIME");
            }
          } else if (name !== "SMTPUTF8") {
            return reply(`555 5.5.4 Parameter ${name} is not supported`);
          }
        }
        transaction = { sender: path.address, recipients: [] };
        return reply("250 2.1.0 OK");
      }
      case "RCPT": {
        if (!transaction) return reply("503 5.5.1 Send MAIL first");
        const path = parsePath(argument, "TO");
        if (!path?.address) return reply("501 5.5.4 Syntax: RCPT TO:<address>");
        if (path.parameters.size > 0) {
          return reply(`555 5.5.4 Parameter ${[...path.parameters.keys()][0]} is not supported`);
        }
        if (transaction.recipients.length >= MAX_RECIPIENTS) {
          return reply("452 4.5.3 Too many recipients");
        }
        transaction.recipients.push(path.address);
        return reply("250 2.1.5 OK");
      }
      case "DATA":
        if (!transaction) return reply("503 5.5.1 Send MAIL first");
        if (transaction.recipients.length === 0) return reply("554 5.5.1 No valid recipients");
        if (argument) return reply("501 5.5.4 DATA takes no argument");
        data = { parts: [], size: 0, tooBig: false, midLine: false };
        return reply("354 Start mail input; end with <CRLF>.<CRLF>");
      case "RSET":
        transaction = undefined;
        return reply("250 2.0.0 OK");
      case "NOOP":
        return reply("250 2.0.0 OK");
      case "QUIT":
        return close(`221 2.0.0 ${serverName} closing connection`);
      case "VRFY":
        return reply("252 2.1.5 Cannot verify the user, but will accept the message");
      case "HELP":
        return reply("214 2.0.0 Commands: EHLO HELO MAIL RCPT DATA RSET NOOP QUIT");
      case "STARTTLS":
      case "AUTH":
      case "BDAT":
        return reply(`502 5.5.1 ${verb} is not offered`);
      default:
        return reply("500 5.5.2 Command not recognised");
    }
  }

  /** One line of the message, its line break included; the lone "." ends it. */
  function messageLine(line) {
    if (!data.midLine && line[0] === 0x2e) {
      if (/^\.\r?\n$/.test(line.toString("latin1"))) return endOfData();
      // Dot-unstuffing (RFC 5321 §4.5.2): a line starting with "." was sent with one more.
      line = line.subarray(1);
    }
    data.midLine = line[line.length - 1] !== 0x0a;
    data.size += line.length;
    if (data.size > MAX_MESSAGE_BYTES) {
      data.tooBig = true;
      data.parts = []; // the rest is read to its end and thrown away
    } else {
      data.parts.push(Buffer.from(line));
    }
  }

  function endOfData() {
    const { tooBig, parts } = data;
    data = undefined;
    const envelope = transaction;
    transaction = undefined;
    if (tooBig) {
      log(`refused a message from <${envelope.sender}> (${peer}): over ${MAX_MESSAGE_BYTES} bytes`);
      return reply(`552 5.3.4 Message size exceeds the limit of ${MAX_MESSAGE_BYTES} bytes`);
    }
    store(Buffer.concat(parts), envelope);
    return reply("250 2.0.0 OK: queued");
  }

  socket.on("data", (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      if (closing) return;
      const newline = pending.indexOf(0x0a);
      if (newline === -1) {
        if (data && pending.length > MAX_BUFFERED_DATA_BYTES) {
          // A very long line: kept in pieces, and its continuation is no line start (no "." check).
          messageLine(pending);
          pending = Buffer.alloc(0);
        } else if (!data && pending.length > MAX_COMMAND_LINE_BYTES) {
          close("500 5.5.2 Line too long");
        }
        return;
      }
      const line = pending.subarray(0, newline + 1);
      pending = pending.subarray(newline + 1);
      if (data) messageLine(line);
      else if (line.length > MAX_COMMAND_LINE_BYTES) close("500 5.5.2 Line too long");
      else command(line.subarray(0, line.length - (line[newline - 1] === 0x0d ? 2 : 1)));
    }
  });
  socket.setTimeout(SMTP_IDLE_MS, () => close("421 4.4.2 Idle for too long, closing connection"));
  socket.on("error", () => socket.destroy()); // a client that went away: nothing to tell anyone
  socket.on("close", () => smtpSockets.delete(socket));
  reply(`220 ${serverName} ESMTP mail-catcher ready`);
}

// ---- HTTP: Mailpit's API v1, the part the stack uses.

function send(response, status, body, contentType = "text/plain; charset=utf-8") {
  response.writeHead(status, { "content-type": contentType, "cache-control": "no-store" });
  response.end(body);
}

function sendJson(response, status, value) {
  send(response, status, JSON.stringify(value), "application/json");
}

function nonNegativeInteger(text, fallback) {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value >= 0 ? value : fallback;
}

function listMessages(url) {
  const start = nonNegativeInteger(url.searchParams.get("start"), 0);
  const limit = nonNegativeInteger(url.searchParams.get("limit"), DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE;
  const page = messages
    .slice()
    .reverse()
    .slice(start, start + limit)
    .map((message) => message.summary);
  // Field names as Mailpit's MessagesSummary; nothing here marks a message read.
  return {
    total: messages.length,
    unread: messages.length,
    count: page.length,
    messages_count: messages.length,
    messages_unread: messages.length,
    start,
    tags: [],
    messages: page,
  };
}

async function readBody(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > MAX_REQUEST_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Mailpit's DELETE body: { "IDs": [...] } deletes those; no body, or no IDs, deletes everything. */
function idsToDelete(body) {
  try {
    const ids = JSON.parse(body)?.IDs;
    return Array.isArray(ids) && ids.length > 0 ? ids.map(String) : undefined;
  } catch {
    return undefined;
  }
}

async function handleHttpRequest(request, response) {
  const url = new URL(request.url ?? "/", "http://mail-catcher");
  const method = request.method ?? "GET";
  const readable = method === "GET" || method === "HEAD";
  if (url.pathname === "/livez" || url.pathname === "/readyz") {
    return readable ? send(response, 200, "ok\n") : send(response, 405, "Method not allowed\n");
  }
  if (url.pathname === "/api/v1/messages") {
    if (readable) return sendJson(response, 200, listMessages(url));
    if (method === "DELETE") {
      const body = await readBody(request);
      if (body === undefined) return send(response, 413, "Request body too large\n");
      const ids = idsToDelete(body);
      deleteMessages(ids);
      log(ids ? `deleted ${ids.length} message(s) on request` : "deleted every message on request");
      return send(response, 200, "ok");
    }
    return send(response, 405, "Method not allowed\n");
  }
  const raw = /^\/api\/v1\/message\/([^/]+)\/raw$/.exec(url.pathname);
  if (raw) {
    if (!readable) return send(response, 405, "Method not allowed\n");
    const message = messages.find((candidate) => candidate.summary.ID === raw[1]);
    if (!message) return send(response, 404, "Message not found\n");
    return send(response, 200, message.raw);
  }
  return send(response, 404, "Not found\n");
}

// ---- Running.

async function checkReady() {
  const port = portFromEnv("HTTP_PORT", 8025);
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/readyz`, {
      signal: AbortSignal.timeout(READYZ_TIMEOUT_MS),
    });
    process.exit(answer.status === 200 ? 0 : 1);
  } catch {
    process.exit(1);
  }
}

function serve() {
  const host = environment.HOST || "0.0.0.0";
  const smtpPort = portFromEnv("SMTP_PORT", 1025);
  const httpPort = portFromEnv("HTTP_PORT", 8025);

  const smtp = createTcpServer(handleSmtpConnection);
  smtp.maxConnections = MAX_SMTP_CONNECTIONS;
  const http = createHttpServer((request, response) => {
    handleHttpRequest(request, response).catch((error) => {
      log(`HTTP ${request.method} ${request.url} failed: ${error}`);
      if (!response.headersSent) send(response, 500, "Internal error\n");
      else response.destroy();
    });
  });
  for (const [name, server] of [
    ["SMTP", smtp],
    ["HTTP", http],
  ]) {
    server.on("error", (error) => {
      log(`${name} server failed: ${error.message}`);
      process.exit(1);
    });
  }

  let listening = 0;
  const started = () => {
    if (++listening < 2) return;
    log(
      `SMTP on ${host}:${smtpPort}, HTTP on ${host}:${httpPort}; keeps the newest ${MAX_MESSAGES} messages ` +
        `of up to ${MAX_MESSAGE_BYTES} bytes each, in memory`,
    );
  };
  smtp.listen(smtpPort, host, started);
  http.listen(httpPort, host, started);

  const stop = (signal) => {
    log(`${signal}: stopping`);
    for (const socket of smtpSockets) socket.destroy();
    smtp.close();
    http.close();
    http.closeAllConnections();
    process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

const [mode] = process.argv.slice(2);
if (mode === "readyz") {
  await checkReady();
} else if (mode === undefined) {
  serve();
} else {
  process.stderr.write("usage: mail-catcher.mjs [readyz]\n");
  process.exit(2);
}
