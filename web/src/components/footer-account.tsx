import { Link } from "wouter";
import { useCurrentUser } from "../lib/current-user.ts";

/** The footer's account link: 'Log In' for a visitor, the dashboard for a signed-in reader. */
export default function FooterAccount() {
  const { user } = useCurrentUser();
  if (user === undefined) return null;
  return user ? <Link href="/dashboard">Dashboard</Link> : <Link href="/login">Log In</Link>;
}
