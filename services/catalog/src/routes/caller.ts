// The signed-in user, as the gateway names them: auth's user ids are UUIDs, anything else is no user.
export { requireUserId as callerOf } from "@tubedigest/http";
