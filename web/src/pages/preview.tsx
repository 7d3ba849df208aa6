import { useEffect, useMemo } from "react";
import { Link, useLocation } from "wouter";
import { buttonClass } from "../components/button.tsx";
import { Spinner } from "../components/spinner.tsx";
import { useToast } from "../components/toast.tsx";
import { serverMessage } from "../lib/api.ts";
import type { Plan } from "../lib/plans.ts";
import { usePlans } from "../lib/plans.ts";
import { writeCalculatedPrice, writeSelectedPlan } from "../lib/session-state.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { MockInbox } from "./preview/mock-inbox.tsx";
import { PlanCards } from "./preview/plan-cards.tsx";
import { PreviewChannels } from "./preview/preview-channels.tsx";
import { PreviewEmailForm } from "./preview/preview-email-form.tsx";
import { summaryBullets } from "./preview/summary-bullets.ts";
import { useAbandonmentOnLeave } from "./preview/use-abandonment-on-leave.ts";
import { usePreview } from "./preview/use-preview.ts";
import { usePreviewInput } from "./preview/use-preview-input.ts";
import "./preview/preview.css";

const MISSING_INPUT = "No channels or email found. Please return to the homepage and try again.";
const PREVIEW_FAILED = "Failed to generate newsletter preview";
const PREVIEW_FAILED_FALLBACK = "Failed to generate newsletter preview. Please try again.";

/**
 * SPEC §2 /preview: the newsletter the chosen channels would make, then the plans. Opened from an e-mail's
 * link back (`?channel=`), it shows that channel's preview again.
 */
export default function PreviewPage() {
  const { email, channels, giveEmail } = usePreviewInput();
  const { preview, error, isLoading } = usePreview(email ?? null, channels);
  const { plans } = usePlans();
  const [, navigate] = useLocation();
  const toast = useToast();

  const abandonment = useMemo(
    () =>
      preview && email
        ? {
            email,
            channelName: preview.channels[0]?.title ?? channels[0]?.snippet.title ?? null,
            summaryBullets: summaryBullets(preview.content),
          }
        : null,
    [preview, email, channels],
  );
  useAbandonmentOnLeave(abandonment);

  useEffect(() => {
    if (error) {
      toast({
        title: PREVIEW_FAILED,
        description: serverMessage(error) ?? PREVIEW_FAILED_FALLBACK,
        variant: "error",
      });
    }
  }, [error, toast]);

  const missingInput = channels.length === 0;
  usePageTitle(missingInput || error ? "Unable to Generate Preview" : "Your Newsletter Preview");

  if (!missingInput && email === null) return <PreviewEmailForm onEmail={giveEmail} />;

  if (missingInput || error) {
    return (
      <section className="container preview-state">
        <h1>Unable to Generate Preview</h1>
        <p>{missingInput ? MISSING_INPUT : (serverMessage(error) ?? PREVIEW_FAILED_FALLBACK)}</p>
        <Link className={buttonClass("primary")} href="/">
          Return to Homepage
        </Link>
      </section>
    );
  }

  if (isLoading || !preview || !email) {
    return (
      <section className="container preview-state" aria-busy="true">
        <Spinner />
        <h1>Crafting Your Newsletter Preview</h1>
        <p role="status">This may take up to 30 seconds...</p>
      </section>
    );
  }

  const choose = (plan: Plan) => {
    // The chosen plan in session storage is also what tells the abandonment request not to go.
    writeSelectedPlan(plan.id);
    writeCalculatedPrice(plan.price);
    navigate(`/checkout/${plan.id}`);
  };
  const videoCount = preview.channels.reduce((sum, channel) => sum + channel.videoCount, 0);

  return (
    <section className="container preview">
      <h1>Your Newsletter Preview</h1>
      <p className="preview-lead">This is what lands in {email} every Monday at 9:00 AM.</p>
      <div className="preview-layout">
        <MockInbox
          email={email}
          subject={preview.subject}
          content={preview.content}
          videoCount={videoCount}
        />
        <PreviewChannels channels={preview.channels} selected={channels} />
      </div>
      {plans ? <PlanCards plans={plans} onChoose={choose} /> : null}
    </section>
  );
}
