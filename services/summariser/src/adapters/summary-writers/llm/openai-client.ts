import OpenAI from "openai";

/** What any call to the model is made with. */
export interface OpenAiClientSettings {
  apiKey: string;
  /** Any OpenAI-compatible server (Ollama, vLLM…); OpenAI's own when absent. */
  baseUrl?: string | undefined;
  maxRetries: number;
  timeoutMs: number;
}

/**
 * The SDK's client. Configuration is read once by the service; none of it is taken from the SDK's own
 * environment variables.
 */
export function openAiClient(settings: OpenAiClientSettings): OpenAI {
  return new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl ?? null,
    organization: null,
    project: null,
    maxRetries: settings.maxRetries,
    timeout: settings.timeoutMs,
  });
}
