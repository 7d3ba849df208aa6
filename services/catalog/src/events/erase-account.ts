import { forgetAccount, handleOnce } from "@tubedigest/bus";
import type { CatalogContext } from "../domain/catalog-context.ts";
import type { CatalogDatabase } from "../store/database.ts";

/**
 * A deleted account's follows and plan allowance go; channels and videos stay, shared by everyone who
 * follows them and naming nobody.
 */
export const eraseAccount = (context: CatalogContext) =>
  handleOnce<CatalogDatabase, "user.deleted">(context.db, async (event, { trx }) => {
    const { userId } = event.data;
    await trx.deleteFrom("follows").where("user_id", "=", userId).execute();
    await trx.deleteFrom("user_plans").where("user_id", "=", userId).execute();
    await forgetAccount(trx, userId);
  });
