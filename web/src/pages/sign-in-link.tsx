import { Link } from "wouter";
import { MailedLinkRequest } from "../components/mailed-link-request.tsx";

/** Sign-in without a password: a link mailed to the address, which only its owner can follow. */
export default function SignInLinkPage() {
  return (
    <MailedLinkRequest
      title="Email Me a Sign-In Link"
      path="/api/auth/send-sign-in-link"
      intro="No password, or forgot it? We'll e-mail you a link that signs you in."
      afterSending="Check your inbox and follow the link in the e-mail to sign in. It works once."
      buttonLabel="Email me a sign-in link"
      fieldId="sign-in-link-email"
      footer={
        <>
          Have a password? <Link href="/login">Sign in</Link>
        </>
      }
    />
  );
}
