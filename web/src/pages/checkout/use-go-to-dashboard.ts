import { useState } from "react";
import { useLocation } from "wouter";
import { useToast } from "../../components/toast.tsx";
import { apiFetch } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";

/**
 * 'Go to Your Dashboard' (docs/product.md#checkout): signed in already, or signed in by e-mail with the claim
 * the landing page left in this browser; where that does not hold (another browser), a sign-in link goes to
 * the address instead and the toast says so.
 */
export function useGoToDashboard(email: string | undefined) {
  const { mutate } = useCurrentUser();
  const [, navigate] = useLocation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const offerSignInLink = async (address: string) => {
    await apiFetch("/api/auth/sign-in-link", { json: { email: address } }).catch(() => undefined);
    toast({
      title: "Please sign in",
      description: `We sent a sign-in link to ${address}. You can also log in with your password.`,
    });
  };

  const go = async () => {
    setBusy(true);
    try {
      if (await mutate()) return navigate("/dashboard");
      if (!email) return navigate("/login");
      await apiFetch("/api/auth/login-with-email", { json: { email } });
      await mutate();
      navigate("/dashboard");
    } catch {
      // No claim in this browser for that account (or no answer): the link reaches its owner anywhere.
      if (email) await offerSignInLink(email);
      else navigate("/login");
    } finally {
      setBusy(false);
    }
  };
  return { go, busy };
}
