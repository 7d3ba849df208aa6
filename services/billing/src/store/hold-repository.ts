import type { Insertable, Kysely, Selectable } from "kysely";
import type { BillingDatabase, HoldStatus, HoldsTable } from "./database.ts";

export type Hold = Selectable<HoldsTable>;

export class HoldRepository {
  constructor(private readonly db: Kysely<BillingDatabase>) {}

  async insert(row: Insertable<HoldsTable>): Promise<void> {
    await this.db.insertInto("holds").values(row).execute();
  }

  async findByKey(userId: string, holdKey: string): Promise<Hold | undefined> {
    return this.db
      .selectFrom("holds")
      .selectAll()
      .where("user_id", "=", userId)
      .where("hold_key", "=", holdKey)
      .executeTakeFirst();
  }

  async find(id: string): Promise<Hold | undefined> {
    return this.db.selectFrom("holds").selectAll().where("id", "=", id).executeTakeFirst();
  }

  async lock(id: string): Promise<Hold | undefined> {
    return this.db.selectFrom("holds").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
  }

  async settle(id: string, status: HoldStatus, at: Date): Promise<void> {
    await this.db.updateTable("holds").set({ status, settled_at: at }).where("id", "=", id).execute();
  }
}
