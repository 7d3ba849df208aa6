import type { EmailDeliveryReply } from "@tubedigest/contracts/reader-settings";
import { apiFetch } from "./api.ts";
import { useApi } from "./use-api.ts";

/** GET /api/user/email-delivery: whether the weekly digest is e-mailed at all (off after an unsubscribe). */
export const EMAIL_DELIVERY_PATH = "/api/user/email-delivery";

export type EmailDelivery = EmailDeliveryReply;

/** The reader's e-mail delivery, and turning it back on (which undoes an e-mail's unsubscribe). */
export function useEmailDelivery() {
  const { data, error, mutate } = useApi<EmailDelivery>(EMAIL_DELIVERY_PATH);
  const turnBackOn = async () => {
    const now = await apiFetch<EmailDelivery>(`${EMAIL_DELIVERY_PATH}/resume`, { method: "POST" });
    await mutate(now, { revalidate: false });
  };
  return { delivery: data, error, turnBackOn };
}
