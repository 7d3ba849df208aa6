import type { ImportPreview, ImportResult } from "@tubedigest/contracts/channels";
import { MAX_IMPORT_FILE_BYTES } from "@tubedigest/contracts/import-limits";
import { type ChangeEvent, useId, useState } from "react";
import { useSWRConfig } from "swr";
import { Link } from "wouter";
import { Button, buttonClass } from "../../components/button.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { formatSubscribers } from "../../lib/channels.ts";
import { CURRENT_USER_PATH, type CurrentUser } from "../../lib/current-user.ts";
import { fileAsBase64 } from "../../lib/file-as-base64.ts";
import { planAllowingMore, usePlans } from "../../lib/plans.ts";
import { ChannelFace } from "./channel-face.tsx";
import { upgradeHref } from "./channel-limit-notice.tsx";
import { importChoice } from "./import-choice.ts";
import { USER_CHANNELS_PATH } from "./use-user-channels.ts";

const PREVIEW_PATH = "/api/user/channels/import/preview";
const IMPORT_PATH = "/api/user/channels/import";
const FALLBACK = "Something went wrong. Please try again, or choose the file again.";

type Step =
  | { name: "choose"; error?: { fileName: string; message: string } }
  | { name: "reading"; fileName: string }
  | { name: "picking"; fileName: string; preview: ImportPreview; chosen: Set<string>; error?: string };

const channels = (count: number) => `${count} channel${count === 1 ? "" : "s"}`;

/**
 * 'Import your subscriptions' (docs/product.md#import-your-subscriptions): a Google Takeout
 * subscriptions.csv or an OPML file read by the server, its channels shown to pick from within the plan's
 * allowance (the upgrade offered past it), and the picked ones followed in one request.
 */
export function ImportSubscriptions({ user }: { user: CurrentUser }) {
  const [step, setStep] = useState<Step>({ name: "choose" });
  const [following, setFollowing] = useState(false);
  const inputId = useId();
  const toast = useToast();
  const { mutate: revalidate } = useSWRConfig();

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setStep({ name: "reading", fileName: file.name });
    try {
      // A larger file is cut just past the limit: the server still sees it is too large, and says so.
      const bytes = await fileAsBase64(file.slice(0, MAX_IMPORT_FILE_BYTES + 1));
      const preview = await apiFetch<ImportPreview>(PREVIEW_PATH, { json: { file: bytes } });
      setStep({ name: "picking", fileName: file.name, preview, chosen: new Set() });
    } catch (failure) {
      setStep({
        name: "choose",
        error: { fileName: file.name, message: serverMessage(failure) ?? FALLBACK },
      });
    }
  };

  const follow = async (picking: Extract<Step, { name: "picking" }>, adding: string[]) => {
    setFollowing(true);
    try {
      const result = await apiFetch<ImportResult>(IMPORT_PATH, { json: { youtubeChannelIds: adding } });
      toast({
        title: `${channels(result.added.length)} added`,
        description: "They are in your newsletter now.",
        variant: "success",
      });
      setStep({ name: "choose" });
    } catch (failure) {
      setStep({ ...picking, error: serverMessage(failure) ?? FALLBACK });
    } finally {
      setFollowing(false);
      await Promise.all([revalidate(USER_CHANNELS_PATH), revalidate(CURRENT_USER_PATH)]);
    }
  };

  return (
    <section className="dashboard-section import" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="dashboard-card-title">
        Import your subscriptions
      </h2>
      <p className="muted">
        Bring the channels you follow on YouTube: choose <strong>subscriptions.csv</strong> from your{" "}
        <a href="https://takeout.google.com/" target="_blank" rel="noreferrer">
          Google Takeout
        </a>{" "}
        download (YouTube and YouTube Music › subscriptions), or an OPML file from FreeTube, NewPipe or a feed
        reader.
      </p>
      <div className="import-file">
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept=".csv,.opml,.xml,text/csv,text/x-opml,application/xml,text/xml"
          onChange={(event) => void read(event)}
          disabled={step.name === "reading" || following}
        />
        <label htmlFor={inputId} className={buttonClass("secondary", "import-choose")}>
          {step.name === "picking" ? "Choose another file" : "Choose a file"}
        </label>
        {step.name === "reading" ? (
          <span className="import-progress" role="status">
            <Spinner /> Reading {step.fileName}…
          </span>
        ) : null}
      </div>
      {step.name === "choose" && step.error ? (
        <p className="import-error" role="alert">
          <strong>{step.error.fileName}:</strong> {step.error.message}
        </p>
      ) : null}
      {step.name === "picking" ? (
        <ImportPicker
          user={user}
          step={step}
          following={following}
          onChosenChange={(chosen) => setStep({ ...step, chosen, error: undefined })}
          onFollow={(adding) => void follow(step, adding)}
        />
      ) : null}
    </section>
  );
}

function ImportPicker({
  user,
  step,
  following,
  onChosenChange,
  onFollow,
}: {
  user: CurrentUser;
  step: Extract<Step, { name: "picking" }>;
  following: boolean;
  onChosenChange: (chosen: Set<string>) => void;
  onFollow: (adding: string[]) => void;
}) {
  const { plans } = usePlans();
  const { preview, chosen } = step;
  const choice = importChoice(preview.channels, chosen, user);
  const larger =
    plans && user.channelAllowance !== null ? planAllowingMore(plans, user.channelAllowance) : undefined;
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (!next.delete(id)) next.add(id);
    onChosenChange(next);
  };

  return (
    <div className="import-picker">
      <p>
        {`${step.fileName}: ${channels(preview.channels.length)} found.`}
        {preview.skippedRows > 0
          ? ` ${preview.skippedRows} rows named no YouTube channel and were skipped.`
          : ""}
      </p>
      {preview.notFound.length > 0 ? (
        <details className="import-missing">
          <summary>{`${channels(preview.notFound.length)} not on YouTube any more (deleted or never there)`}</summary>
          <ul>
            {preview.notFound.map((missing) => (
              <li key={missing.youtubeChannelId}>{missing.title ?? missing.youtubeChannelId}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <p className="import-count" aria-live="polite">
        {Number.isFinite(choice.room)
          ? `${choice.adding.length} picked · your plan has room for ${choice.room} more`
          : `${choice.adding.length} picked`}
      </p>
      {choice.over ? (
        <div className="notice import-over" role="status">
          <p>{`You picked ${channels(choice.adding.length)}, and there is room for ${choice.room} more. Unpick some${larger ? `, or move to the ${larger.name} plan, which follows up to ${larger.channelAllowance} channels for ${larger.priceLabel}/month.` : "."}`}</p>
          {larger ? (
            <Link className={buttonClass("primary")} href={upgradeHref(user, larger)}>
              Upgrade to {larger.name}
            </Link>
          ) : null}
        </div>
      ) : null}
      <ul className="import-channels" aria-label="Channels in your file">
        {preview.channels.map((channel) => (
          <li key={channel.youtubeChannelId}>
            <label className="import-channel">
              <input
                type="checkbox"
                checked={channel.following || chosen.has(channel.youtubeChannelId)}
                disabled={channel.following || following}
                onChange={() => toggle(channel.youtubeChannelId)}
              />
              <ChannelFace
                title={channel.title}
                thumbnailUrl={channel.thumbnailUrl}
                size={40}
                detail={
                  channel.following
                    ? "In your list already"
                    : channel.subscriberCount === undefined
                      ? undefined
                      : formatSubscribers(channel.subscriberCount)
                }
              />
            </label>
          </li>
        ))}
      </ul>
      {step.error ? (
        <p className="import-error" role="alert">
          {step.error}
        </p>
      ) : null}
      <Button
        className="import-follow"
        disabled={choice.adding.length === 0 || choice.over}
        busy={following}
        busyLabel={`Following ${channels(choice.adding.length)}…`}
        onClick={() => onFollow(choice.adding)}
      >
        {choice.adding.length === 0 ? "Pick channels to follow" : `Follow ${channels(choice.adding.length)}`}
      </Button>
    </div>
  );
}
