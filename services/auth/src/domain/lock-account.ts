import { HttpError } from "@tubedigest/http/http-error";
import type { Transaction } from "kysely";
import type { AuthDatabase } from "../store/database.ts";
import { type User, UserRepository } from "../store/user-repository.ts";
import { messages } from "./messages.ts";

/**
 * The signed-in account, locked until the transaction ends, so changes to one account (a pause and a
 * resume, a password and a deletion) are decided one after another; gone, a 404 that says to sign in.
 */
export async function lockAccount(trx: Transaction<AuthDatabase>, userId: string): Promise<User> {
  const user = await new UserRepository(trx).findByIdForUpdate(userId);
  if (!user) throw new HttpError(404, messages.accountGone);
  return user;
}
