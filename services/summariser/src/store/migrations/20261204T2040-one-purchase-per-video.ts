import { type Kysely, sql } from "kysely";

const BOUGHT = sql`('placing', 'requested', 'delivered')`;

/**
 * A subscriber buys a video once. One purchase per subscriber and video had held only while it was being
 * made, so another price of the video confirmed once it was delivered was charged again; now it holds
 * for a delivered one too. A failed purchase took nothing and stays out of it: that video may be bought
 * again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Bought twice before this rule: the later purchases name the first and stay as they were (their
  // charges were taken, for an operator to refund), outside the rule, so it can be made.
  await db.schema.alterTable("single_video_orders").addColumn("duplicate_of", "uuid").execute();
  await sql`
    update single_video_orders later set duplicate_of = earliest.id
    from (
      select distinct on (user_id, video_id) id, user_id, video_id
      from single_video_orders
      where status in ${BOUGHT}
      order by user_id, video_id, created_at, id
    ) earliest
    where later.user_id = earliest.user_id and later.video_id = earliest.video_id
      and later.status in ${BOUGHT} and later.id <> earliest.id
  `.execute(db);
  await db.schema
    .createIndex("single_video_orders_one_bought")
    .on("single_video_orders")
    .columns(["user_id", "video_id"])
    .unique()
    .where(sql<boolean>`status in ${BOUGHT} and duplicate_of is null`)
    .execute();
  await db.schema.dropIndex("single_video_orders_one_open").execute();
}
