import { Link } from "wouter";
import { MailedLinkRequest } from "../components/mailed-link-request.tsx";

/** "Forgot password?": a link mailed to the address, whose page sets a new password. */
export default function ForgotPasswordPage() {
  return (
    <MailedLinkRequest
      title="Reset Your Password"
      path="/api/auth/password-reset"
      intro="Enter your account's address: we'll e-mail you a link to choose a new password."
      afterSending="Check your inbox and follow the link in the e-mail to choose a new password."
      buttonLabel="Email me a reset link"
      fieldId="forgot-password-email"
      footer={
        <>
          Remembered it? <Link href="/login">Sign in</Link>
        </>
      }
    />
  );
}
