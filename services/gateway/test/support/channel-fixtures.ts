import { uniqueName } from "@tubedigest/testing/test-infra";

/** A channel id of YouTube's form ("UC" and 22 characters), unique to the test run. */
export const channelId = () =>
  `UC${uniqueName("c")
    .replace(/[^A-Za-z0-9]/g, "")
    .padEnd(22, "x")
    .slice(0, 22)}`;
