import { Redis } from "ioredis";
import { testInfra } from "./test-infra.ts";

/** Removes what a test wrote under its own key prefix. */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(testInfra.redisUrl);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}
