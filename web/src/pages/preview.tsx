import { useEffect, useMemo, useState } from "react";
import { Link, useLocation } from "wouter";
import { buttonClass } from "../components/button.tsx";
import { useToast } from "../components/toast.tsx";
import { serverMessage } from "../lib/api.ts";
import { useDeliveryPhrase, useDeliverySchedule } from "../lib/delivery-phrase.ts";
import type { Plan } from "../lib/plans.ts";
import { usePlans } from "../lib/plans.ts";
import { writeCalculatedPrice, writeSelectedPlan } from "../lib/session-state.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { MockInbox } from "./preview/mock-inbox.tsx";
import { PickChannelToPreview } from "./preview/pick-channel-to-preview.tsx";
import { PlanCards } from "./preview/plan-cards.tsx";
import { PreviewChannels } from "./preview/preview-channels.tsx";
import { PreviewEmailForm } from "./preview/preview-email-form.tsx";
import { PreviewWaiting } from "./preview/preview-waiting.tsx";
import { summaryBullets } from "./preview/summary-bullets.ts";
import { useAbandonmentOnLeave } from "./preview/use-abandonment-on-leave.ts";
import { usePreview } from "./preview/use-preview.ts";
import { usePreviewInput } from "./preview/use-preview-input.ts";
import "./preview/preview.css";

const PREVIEW_FAILED = "Failed to generate newsletter preview";
const PREVIEW_FAILED_FALLBACK = "Failed to generate newsletter preview. Please try again.";

/**
 * /preview (docs/product.md#preview): the newsletter the chosen channels would make, then the plans. Opened
 * from an e-mail's link back (`?channel=`), it shows that channel's preview again; opened with no channel at
 * all (a new tab, a bookmark), it offers to pick one, and starts over with the one picked.
 */
export default function PreviewPage() {
  const [visit, setVisit] = useState(0);
  return <PreviewVisit key={visit} onRestart={() => setVisit((count) => count + 1)} />;
}

function PreviewVisit({ onRestart }: { onRestart: () => void }) {
  const { email, channels, giveEmail } = usePreviewInput();
  const { preview, error, isLoading } = usePreview(email ?? null, channels);
  const { plans } = usePlans();
  // A returning reader's own day and hour, once known (the preview otherwise says the default's).
  const when = useDeliveryPhrase();
  const { chosen, label } = useDeliverySchedule();
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
  usePageTitle(
    missingInput
      ? "Preview Your Newsletter"
      : error
        ? "Unable to Generate Preview"
        : "Your Newsletter Preview",
  );

  if (missingInput) return <PickChannelToPreview email={email ?? undefined} onStarted={onRestart} />;
  if (email === null) return <PreviewEmailForm onEmail={giveEmail} />;

  if (error) {
    return (
      <section className="container preview-state">
        <h1>Unable to Generate Preview</h1>
        <p>{serverMessage(error) ?? PREVIEW_FAILED_FALLBACK}</p>
        <Link className={buttonClass("primary")} href="/">
          Return to Homepage
        </Link>
      </section>
    );
  }

  if (isLoading || !preview || !email) return <PreviewWaiting />;

  const choose = (plan: Plan) => {
    // The chosen plan in session storage is also what tells the abandonment request not to go.
    writeSelectedPlan(plan.id);
    writeCalculatedPrice(plan.price);
    navigate(`/checkout/${plan.id}`, { state: { from: "/preview" } });
  };
  const videoCount = preview.channels.reduce((sum, channel) => sum + channel.videoCount, 0);

  return (
    <section className="container preview">
      <h1>Your Newsletter Preview</h1>
      <p className="preview-lead">
        This is what lands in {email} {when}
        {chosen ? ", the day and hour you chose." : ", or on the day and hour you choose."}
      </p>
      <div className="preview-layout">
        <MockInbox
          email={email}
          subject={preview.subject}
          content={preview.content}
          videoCount={videoCount}
          when={when}
        />
        <PreviewChannels channels={preview.channels} selected={channels} />
      </div>
      {/* Stays in view at the screen's foot until the plans themselves are reached. */}
      <a className={buttonClass("primary", "preview-jump")} href="#plans">
        See the plans{plans ? ` · ${plans.trialDays} days free` : ""}
      </a>
      {plans ? (
        <PlanCards plans={plans} onChoose={choose} yours={chosen ? label : undefined} />
      ) : (
        <div className="preview-plans-waiting" />
      )}
    </section>
  );
}
