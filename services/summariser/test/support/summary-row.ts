import type { SummaryRow } from "../../src/store/summary-repository.ts";

/** A ready summary row as the repository answers it, of the video's own language, with `overrides`. */
export function readySummaryRow(overrides: Partial<SummaryRow> = {}): SummaryRow {
  return {
    video_id: "dQw4w9WgXcQ",
    version: "test/1",
    status: "ready",
    claimed_by: null,
    lease_until: null,
    attempts: 1,
    key_points: [],
    paragraph: "",
    language: "en",
    basis: "transcript",
    model: "test",
    prompt_tokens: 0,
    completion_tokens: 0,
    llm_calls: 0,
    failure_reason: null,
    retry_after: null,
    created_at: new Date(),
    completed_at: new Date(),
    transcript_kind: null,
    transcript_language: null,
    sections: null,
    asked_language: "",
    translated_from: null,
    upgrade_after: null,
    upgrades: 0,
    ...overrides,
  };
}
