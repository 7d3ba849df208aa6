import { ApiError, apiFetch, serverMessage } from "../../lib/api.ts";

/** What the hidden tool answers (`POST /api/process-youtube-video`, docs/product.md#api). */
export interface ToolSummary {
  title: string;
  summary: string;
}

/**
 * The shared password travels with every request: only the server knows the right one
 * (docs/product.md#hidden-summary-tool).
 */
export function requestSummary(youtubeUrl: string, password: string): Promise<ToolSummary> {
  return apiFetch<ToolSummary>("/api/process-youtube-video", { json: { youtubeUrl, password } });
}

export const INCORRECT_PASSWORD = "Incorrect password";

export function isWrongPassword(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The server cannot run the tool now (switched off, or busy): nothing the person typed was wrong. */
export function isUnavailable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503;
}

/**
 * Whether the server takes the password, asked without a video: it checks the password before the
 * address, so an empty address is refused as an address (400) only once the password is right.
 */
export async function passwordAccepted(password: string): Promise<boolean> {
  try {
    await requestSummary("", password);
    return true;
  } catch (error) {
    if (isWrongPassword(error)) return false;
    if (error instanceof ApiError && error.status === 400) return true;
    throw error;
  }
}

/**
 * The hidden tool's failure text (docs/product.md#error-messages): the server's message, else what is known
 * about the failure.
 */
export function toolErrorText(error: unknown): string {
  const message = serverMessage(error);
  if (message) return message;
  if (error instanceof ApiError) {
    // An answer that is not the API's JSON (a proxy's page, say): name the status.
    return typeof error.body === "object" && error.body !== null
      ? "Failed to process the YouTube video"
      : `Server error: ${error.status} ${error.message.slice(`${error.status}: `.length, 200)}`.trim();
  }
  return "An error occurred while processing the video";
}
