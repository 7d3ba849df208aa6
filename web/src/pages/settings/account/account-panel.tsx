import { DeliveryTimeForm } from "../delivery-time-form.tsx";
import { FocusForm } from "../focus-form.tsx";
import { PrivateFeed } from "../private-feed.tsx";
import { DeleteAccountSection } from "./delete-account-section.tsx";
import { DigestPauseSection } from "./digest-pause-section.tsx";
import { EmailChangeSection } from "./email-change-section.tsx";
import { PasswordSection } from "./password-section.tsx";

/**
 * The Account tab: the address, the password, the weekly digest (its pause, its day and hour, what it is
 * ordered for, its private feed), and deleting the account.
 */
export function AccountPanel() {
  return (
    <div className="settings-sections">
      <EmailChangeSection />
      <PasswordSection />
      <DigestPauseSection />
      <DeliveryTimeForm />
      <FocusForm />
      <PrivateFeed />
      <DeleteAccountSection />
    </div>
  );
}
