import { useState } from "react";
import { Card } from "../components/card.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";
import { PasswordGate } from "./ps/password-gate.tsx";
import { SummaryForm } from "./ps/summary-form.tsx";
import "./ps/ps.css";

/**
 * /ps, the hidden summary tool (docs/product.md#hidden-summary-tool). The password the server accepted lives
 * in this component's state only: gone when the page is left or reloaded, never written to storage.
 */
export default function PsPage() {
  usePageTitle("Summary Tool");
  const [password, setPassword] = useState<string | null>(null);
  return (
    <section className="container ps">
      <h1>Video Summary Tool</h1>
      <Card>
        {password === null ? (
          <PasswordGate onUnlock={setPassword} />
        ) : (
          <SummaryForm password={password} onLocked={() => setPassword(null)} />
        )}
      </Card>
    </section>
  );
}
