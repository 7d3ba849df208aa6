import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "../components/button.tsx";
import { Card } from "../components/card.tsx";
import { ChannelSearch } from "../components/channel-search.tsx";
import { EmailField } from "../components/field.tsx";
import { useToast } from "../components/toast.tsx";
import { apiFetch, serverMessage } from "../lib/api.ts";
import { type ChannelSearchResult, toSelectedChannel } from "../lib/channels.ts";
import { clearSelectedPlan, writeSelectedChannels, writeUserEmail } from "../lib/session-state.ts";
import { browserTimeZone } from "../lib/time-zone.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { isValidEmail } from "../lib/validation.ts";

type Problem = { title: string; description: string };

/** SPEC §5's landing checks, in order, each with its toast. */
function problemWith(channels: readonly ChannelSearchResult[], email: string): Problem | null {
  if (channels.length === 0) {
    return { title: "No channels selected", description: "Please select at least one channel to continue." };
  }
  if (email.trim() === "") {
    return { title: "Email required", description: "Please enter your email address to continue." };
  }
  if (!isValidEmail(email)) {
    return { title: "Invalid email", description: "Please enter a valid email address." };
  }
  return null;
}

export default function LandingPage() {
  usePageTitle("");
  const toast = useToast();
  const [, navigate] = useLocation();
  const [selected, setSelected] = useState<ChannelSearchResult[]>([]);
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = problemWith(selected, email);
    if (problem) {
      setEmailError(selected.length === 0 ? null : problem.description);
      toast({ ...problem, variant: "error" });
      return;
    }
    setEmailError(null);
    setBusy(true);
    const address = email.trim();
    try {
      await apiFetch("/api/auth/register-with-email", {
        json: { email: address, channels: selected.map(toSelectedChannel), timeZone: browserTimeZone() },
      });
      writeSelectedChannels(selected);
      writeUserEmail(address);
      // A plan chosen in an earlier visit belongs to that visit's preview, not this one.
      clearSelectedPlan();
      navigate("/preview");
    } catch (error) {
      setBusy(false);
      toast({
        title: "Something went wrong",
        description: serverMessage(error) ?? "Failed to process your request. Please try again.",
        variant: "error",
      });
    }
  };

  return (
    <>
      <section className="hero container">
        <h1>Make an email Newsletter out of your favorite YouTube Channels</h1>
        <p className="hero-lead">
          Pick a channel you love. Every Monday at 9:00 AM we send you a short e-mail with the key points of
          its new videos, each linked to the moment it is said — so you keep up without watching everything.
        </p>
      </section>
      <section className="container landing-search" aria-labelledby="landing-search-title">
        <Card className="landing-card">
          <h2 id="landing-search-title" className="section-title">
            Find your channel
          </h2>
          <ChannelSearch mode="single" maxResults={6} selected={selected} onSelectedChange={setSelected} />
          {selected.length > 0 ? (
            <form className="landing-email" onSubmit={submit} noValidate>
              <EmailField
                id="landing-email"
                label="Your email address"
                placeholder="you@example.com"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={emailError}
                hint="We'll send your preview and weekly digest here. 7 days free, no card needed."
              />
              <Button type="submit" busy={busy} busyLabel="Preparing your preview...">
                Preview Your Newsletter
              </Button>
            </form>
          ) : null}
        </Card>
      </section>
      <section className="container how-it-works" aria-labelledby="how-title">
        <h2 id="how-title" className="section-title">
          How it works
        </h2>
        <ol className="steps">
          <li>
            <strong>Choose a channel.</strong> Search by name and pick the one you follow most.
          </li>
          <li>
            <strong>Preview your newsletter.</strong> See what this week's digest would look like.
          </li>
          <li>
            <strong>Read it every Monday.</strong> Summaries of each new video, organised by channel, with
            links to the key moments.
          </li>
        </ol>
      </section>
    </>
  );
}
