import { type FormEvent, useEffect, useId, useState } from "react";
import { apiFetch, isUnauthorized, serverMessage } from "../lib/api.ts";
import { bySubscribersDescending, type ChannelSearchResult } from "../lib/channels.ts";
import { MIN_QUERY_LENGTH, searchableQuery } from "../lib/search-query.ts";
import { useDebouncedValue } from "../lib/use-debounced-value.ts";
import { Button } from "./button.tsx";
import { ChannelCard } from "./channel-card.tsx";
import { Spinner } from "./spinner.tsx";
import { useToast } from "./toast.tsx";

const DEBOUNCE_MS = 500;

interface ChannelSearchProps {
  /** "single": choosing another channel replaces the chosen one (the landing page's limit of one). */
  mode: "single" | "multiple";
  selected: readonly ChannelSearchResult[];
  onSelectedChange: (channels: ChannelSearchResult[]) => void;
  /** At most this many results are shown (6 on the landing page). */
  maxResults?: number;
  /** With this, the widget shows 'N channel(s) selected' and a 'Continue with N channel(s)' button. */
  onContinue?: (channels: ChannelSearchResult[]) => void;
}

type SearchState =
  | { kind: "idle" }
  | { kind: "loading"; query: string }
  | { kind: "results"; query: string; results: ChannelSearchResult[] };

/**
 * Channel search (docs/product.md#channel-search): searches 500 ms after typing stops or at once on Enter,
 * only for at least 2 non-blank characters (fewer clears the results), and shows the results as toggle cards.
 */
export function ChannelSearch({
  mode,
  selected,
  onSelectedChange,
  maxResults,
  onContinue,
}: ChannelSearchProps) {
  const toast = useToast();
  const id = useId();
  const [text, setText] = useState("");
  const [state, setState] = useState<SearchState>({ kind: "idle" });
  const [submitted, setSubmitted] = useState<{ text: string; attempt: number } | null>(null);
  const debounced = useDebouncedValue(text, DEBOUNCE_MS);

  // Enter searches at once (again, if pressed again); otherwise the text settled for 500 ms decides.
  const wanted = searchableQuery(submitted?.text ?? debounced);
  const attempt = submitted?.attempt ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changes when Enter asks for the same text again
  useEffect(() => {
    if (wanted === null) {
      setState({ kind: "idle" });
      return;
    }
    const controller = new AbortController();
    setState({ kind: "loading", query: wanted });
    apiFetch<ChannelSearchResult[]>(`/api/youtube/search?query=${encodeURIComponent(wanted)}`, {
      signal: controller.signal,
    })
      .then((results) => {
        const sorted = [...results].sort(bySubscribersDescending);
        setState({
          kind: "results",
          query: wanted,
          results: maxResults ? sorted.slice(0, maxResults) : sorted,
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ kind: "idle" });
        if (isUnauthorized(error)) {
          toast({
            title: "Please sign in",
            description: "Sign up or log in to save your selected channels.",
            variant: "error",
          });
        } else {
          toast({
            title: "Search failed",
            description: serverMessage(error) ?? "Failed to search for channels. Please try again.",
            variant: "error",
          });
        }
      });
    return () => controller.abort();
  }, [wanted, attempt, maxResults, toast]);

  const change = (value: string) => {
    setText(value);
    setSubmitted(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === "") return;
    setSubmitted((previous) => ({ text, attempt: (previous?.attempt ?? 0) + 1 }));
  };

  const toggle = (channel: ChannelSearchResult) => {
    const isSelected = selected.some((candidate) => candidate.id === channel.id);
    if (isSelected) {
      onSelectedChange(selected.filter((candidate) => candidate.id !== channel.id));
    } else if (mode === "single") {
      if (selected.length > 0) {
        toast({
          title: "Channel replaced",
          description:
            "Only one channel can be selected here. Subscribe to a higher tier to follow more channels.",
          variant: "info",
        });
      }
      onSelectedChange([channel]);
    } else {
      onSelectedChange([...selected, channel]);
    }
  };

  const continueWith = () => {
    if (selected.length === 0) {
      toast({
        title: "No channels selected",
        description: "Please select at least one channel to continue.",
        variant: "error",
      });
      return;
    }
    onContinue?.([...selected]);
  };

  const tooShort = text.trim().length > 0 && text.trim().length < MIN_QUERY_LENGTH;
  const count = selected.length;

  return (
    <div className="channel-search">
      <form className="search-form" onSubmit={submit}>
        <label className="visually-hidden" htmlFor={`${id}-query`}>
          Search for YouTube channels
        </label>
        <input
          id={`${id}-query`}
          className="input search-input"
          type="search"
          placeholder="Search for YouTube channels..."
          autoComplete="off"
          value={text}
          onChange={(event) => change(event.target.value)}
          aria-describedby={tooShort ? `${id}-hint` : undefined}
        />
        {/* Secondary: the search runs as the visitor types, so the button never outweighs the box. */}
        <Button type="submit" variant="secondary" disabled={text.trim() === ""}>
          Search
        </Button>
      </form>
      {tooShort ? (
        <p className="field-hint" id={`${id}-hint`}>
          Type at least {MIN_QUERY_LENGTH} characters to search.
        </p>
      ) : null}

      <div className="search-status" aria-live="polite">
        {state.kind === "loading" ? <Spinner label="Searching channels" /> : null}
        {state.kind === "results" && state.results.length === 0 ? (
          <div className="search-empty">
            <p>No channels found for “{state.query}”.</p>
            <p className="muted">
              Check the spelling, try fewer words, or paste the channel's @handle or its youtube.com address.
            </p>
          </div>
        ) : null}
      </div>

      {state.kind === "results" && state.results.length > 0 ? (
        <ul className="channel-results" aria-label="Search results">
          {state.results.map((channel) => (
            <li key={channel.id}>
              <ChannelCard
                channel={channel}
                selected={selected.some((candidate) => candidate.id === channel.id)}
                onToggle={toggle}
              />
            </li>
          ))}
        </ul>
      ) : null}

      {onContinue ? (
        <div className="search-footer">
          <p className="muted" aria-live="polite">
            {count} channel(s) selected
          </p>
          <Button onClick={continueWith}>Continue with {count} channel(s)</Button>
        </div>
      ) : null}
    </div>
  );
}
