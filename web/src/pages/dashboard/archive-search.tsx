import type { ArchiveSearchReply } from "@tubedigest/contracts/archive";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Spinner } from "../../components/spinner.tsx";
import { serverMessage } from "../../lib/api.ts";
import { useApi } from "../../lib/use-api.ts";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";

const MIN_QUERY = 2;
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/**
 * One search box over every summary the reader has received: titles, key points and paragraphs. It asks
 * 500 ms after typing stops (or at once on Enter); each result names the video (to YouTube), its channel,
 * when the newsletter came (to its page) and the key point that matched, linked to the moment it is said.
 */
export function ArchiveSearch() {
  const [typed, setTyped] = useState("");
  const [submitted, setSubmitted] = useState("");
  const settled = useDebouncedValue(typed.trim(), 500);
  const query = submitted === typed.trim() ? submitted : settled;
  const key = query.length >= MIN_QUERY ? `/api/archive/search?q=${encodeURIComponent(query)}` : null;
  const { data, error, isLoading } = useApi<ArchiveSearchReply>(key);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(typed.trim());
  };

  return (
    <section
      className={`archive-search${key === null ? "" : " archive-search-active"}`}
      aria-labelledby="archive-search-title"
    >
      <search>
        <form onSubmit={submit} className="archive-search-form">
          <label id="archive-search-title" className="field-label" htmlFor="archive-search-box">
            Search your newsletters
          </label>
          <input
            id="archive-search-box"
            className="input"
            type="search"
            value={typed}
            maxLength={200}
            placeholder="A topic, a name, a phrase…"
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby="archive-search-status"
          />
        </form>
      </search>
      <div id="archive-search-status" aria-live="polite">
        {key === null ? null : isLoading ? (
          <p className="muted archive-search-note">
            <Spinner /> Searching…
          </p>
        ) : error ? (
          <p className="settings-error">
            {serverMessage(error) ?? "The search did not work. Please try again."}
          </p>
        ) : data && data.results.length === 0 ? (
          <p className="muted archive-search-note">Nothing in your newsletters matches “{query}”.</p>
        ) : data ? (
          <p className="archive-search-note archive-search-count">
            {data.results.length === 1 ? "1 summary matches" : `${data.results.length} summaries match`} “
            {query}”
          </p>
        ) : null}
      </div>
      {key !== null && data && data.results.length > 0 ? (
        <ol className="archive-results">
          {data.results.map((result) => (
            <li key={`${result.newsletterId}-${result.video.url}`} className="archive-result">
              <h3 className="archive-result-title">
                <a href={result.video.url} target="_blank" rel="noopener noreferrer">
                  {result.video.title}
                </a>
              </h3>
              <p className="muted archive-result-meta">
                {result.channel} ·{" "}
                <Link href={`/newsletters/${encodeURIComponent(result.newsletterId)}`}>
                  newsletter of{" "}
                  <time dateTime={result.receivedAt}>{dateFormat.format(new Date(result.receivedAt))}</time>
                </Link>
              </p>
              {result.keyPoint ? (
                <p className="archive-result-point">
                  {result.keyPoint.text}
                  {result.keyPoint.moment ? (
                    <>
                      {" "}
                      (
                      <a
                        href={result.keyPoint.moment.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`Watch from ${result.keyPoint.moment.label}`}
                      >
                        {result.keyPoint.moment.label}
                      </a>
                      )
                    </>
                  ) : null}
                </p>
              ) : result.excerpt ? (
                <p className="archive-result-point">…{result.excerpt}…</p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
