import { DeleteAccountSection } from "./delete-account-section.tsx";
import { DigestPauseSection } from "./digest-pause-section.tsx";
import { EmailChangeSection } from "./email-change-section.tsx";
import { PasswordSection } from "./password-section.tsx";

/** The Account tab: the address, the password, the weekly digest's pause, and deleting the account. */
export function AccountPanel() {
  return (
    <div className="settings-sections">
      <EmailChangeSection />
      <PasswordSection />
      <DigestPauseSection />
      <DeleteAccountSection />
    </div>
  );
}
