import { eventually } from "@tubedigest/testing/eventually";
import { expect } from "vitest";
import { Browser, type TestStack } from "../test-stack.ts";

/** The development mailbox's messages to `to` whose subject has `subject`, newest first, as links to each one. */
export async function mailboxLinksTo(stack: TestStack, to: string, subject: string): Promise<string[]> {
  await stack.mailer.deliverDue();
  const page = await new Browser(stack.gateway).call("GET", "/dev/mailbox");
  expect(page.statusCode).toBe(200);
  const rows = page.body.split("<tr>").filter((row) => row.includes(to) && row.includes(subject));
  return rows.map((row) => /href="(\/dev\/mailbox\/[^"]+)"/.exec(row)?.[1] ?? "");
}

/**
 * The text part of the newest message to `to` with `subject`, once it has been sent; with `saying`, the
 * newest that says it (an earlier message of the same subject may be there already).
 */
export async function newestMailText(
  stack: TestStack,
  to: string,
  subject: string,
  saying?: string,
): Promise<string> {
  return eventually(async () => {
    const [path] = await mailboxLinksTo(stack, to, subject);
    if (!path) return undefined;
    const text = await new Browser(stack.gateway).call("GET", `${path}/text`);
    expect(text.statusCode).toBe(200);
    return saying === undefined || text.body.includes(saying) ? text.body : undefined;
  });
}
