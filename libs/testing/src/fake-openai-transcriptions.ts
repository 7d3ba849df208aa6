import type { IncomingMessage, ServerResponse } from "node:http";

/** A transcribed stretch of audio, as the fake answers it (seconds from the start of the uploaded file). */
export interface FakeTranscribedSegment {
  start: number;
  end: number;
  text: string;
}

/** What the uploaded file held: its name, size, and the seconds of the recording its samples say they are. */
export interface FakeUploadedAudio {
  filename: string;
  bytes: number;
  /** Per second of the file, the second of the whole recording it is (see fakeSpeechWav); empty when unreadable. */
  recordingSeconds: number[];
}

export type FakeTranscriber = (audio: FakeUploadedAudio) => FakeTranscribedSegment[];

export type FakeTranscriptionFault =
  | { kind: "rateLimited" }
  | { kind: "serverError"; status?: number }
  | { kind: "malformed" };

export interface FakeTranscriptions {
  /** Each transcription request: the model, format, language and the audio it carried. */
  readonly requests: {
    model: string;
    responseFormat: string;
    language: string | null;
    audio: FakeUploadedAudio;
  }[];
  /** The language the answers name, as OpenAI's Whisper writes it ("english"). */
  answerLanguage: string;
  transcribeWith(transcriber: FakeTranscriber): void;
  fail(fault: FakeTranscriptionFault, times?: number): void;
  heal(): void;
}

const SAMPLE_RATE = 2_000;

/**
 * A WAV (16-bit mono PCM at 2 kHz) whose every sample in second s holds the number s, so the fake
 * transcription can tell which second of the whole recording each second of an uploaded piece is: a
 * test of cutting and stitching sees whether the stitched times are the recording's.
 */
export function fakeSpeechWav(seconds: number): Buffer {
  const data = Buffer.alloc(seconds * SAMPLE_RATE * 2);
  for (let second = 0; second < seconds; second += 1) {
    for (let sample = 0; sample < SAMPLE_RATE; sample += 1)
      data.writeInt16LE(second, (second * SAMPLE_RATE + sample) * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The recording seconds a WAV of fakeSpeechWav's kind holds (first sample of each second); [] otherwise. */
function recordingSecondsOf(file: Buffer): number[] {
  if (file.toString("ascii", 0, 4) !== "RIFF" || file.toString("ascii", 8, 12) !== "WAVE") return [];
  let offset = 12;
  let rate = SAMPLE_RATE;
  while (offset + 8 <= file.length) {
    const id = file.toString("ascii", offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    if (id === "fmt ") rate = file.readUInt32LE(offset + 12);
    if (id === "data") {
      const samples = Math.floor(Math.min(size, file.length - offset - 8) / 2);
      const seconds: number[] = [];
      for (let sample = 0; sample < samples; sample += rate)
        seconds.push(file.readInt16LE(offset + 8 + sample * 2));
      return seconds;
    }
    offset += 8 + size + (size % 2);
  }
  return [];
}

/** By default, a sentence every 10 seconds naming the second of the recording it is said at. */
export const defaultFakeTranscriber: FakeTranscriber = (audio) =>
  audio.recordingSeconds.flatMap((recordingSecond, second) =>
    second % 10 === 0
      ? [
          {
            start: second,
            end: second + 10,
            text: ` At second ${recordingSecond} the speaker explains the rocket engine nozzle.`,
          },
        ]
      : [],
  );

/**
 * OpenAI's `POST /v1/audio/transcriptions` (multipart: file, model, response_format, language,
 * timestamp_granularities[]) for the fake API: `verbose_json` with segments, `json` or `text`.
 */
export function fakeTranscriptions(): FakeTranscriptions & {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
} {
  let transcriber = defaultFakeTranscriber;
  let faults: { fault: FakeTranscriptionFault; remaining: number }[] = [];
  const requests: FakeTranscriptions["requests"] = [];
  const state = {
    requests,
    answerLanguage: "english",
    transcribeWith(next: FakeTranscriber) {
      transcriber = next;
    },
    fail(fault: FakeTranscriptionFault, times = Number.POSITIVE_INFINITY) {
      faults.push({ fault, remaining: times });
    },
    heal() {
      faults = [];
    },
    async handle(request: IncomingMessage, response: ServerResponse) {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const form = await new Request("http://fake/", {
        method: "POST",
        headers: { "content-type": String(request.headers["content-type"] ?? "") },
        body: Buffer.concat(chunks),
      })
        .formData()
        .catch(() => null);
      const file = form?.get("file");
      const model = form?.get("model");
      if (!form || !(file instanceof Blob) || typeof model !== "string") {
        return reply(response, 400, {
          error: { message: "file and model are required", type: "invalid_request_error" },
        });
      }
      const bytes = Buffer.from(await file.arrayBuffer());
      const audio = {
        filename: (file as File).name ?? "",
        bytes: bytes.length,
        recordingSeconds: recordingSecondsOf(bytes),
      };
      const responseFormat = String(form.get("response_format") ?? "json");
      const language = form.get("language");
      requests.push({
        model,
        responseFormat,
        language: typeof language === "string" ? language : null,
        audio,
      });
      const pending = faults[0];
      if (pending) {
        pending.remaining -= 1;
        if (pending.remaining <= 0) faults = faults.slice(1);
        if (pending.fault.kind === "rateLimited") {
          return reply(
            response,
            429,
            { error: { message: "Rate limit reached", type: "requests", code: "rate_limit_exceeded" } },
            { "retry-after": "0" },
          );
        }
        if (pending.fault.kind === "serverError") {
          return reply(response, pending.fault.status ?? 500, {
            error: { message: "The server had an error", type: "server_error" },
          });
        }
        return reply(response, 200, { text: "no segments here" });
      }
      const segments = transcriber(audio);
      const text = segments.map((segment) => segment.text).join("");
      if (responseFormat === "text") {
        response.writeHead(200, { "content-type": "text/plain" });
        response.end(text);
        return;
      }
      const duration = audio.recordingSeconds.length;
      const verbose = {
        task: "transcribe",
        language: state.answerLanguage,
        duration,
        text,
        segments: segments.map((segment, id) => ({
          id,
          seek: 0,
          ...segment,
          tokens: [],
          temperature: 0,
          avg_logprob: -0.2,
          compression_ratio: 1.2,
          no_speech_prob: 0.01,
        })),
      };
      reply(response, 200, responseFormat === "verbose_json" ? verbose : { text });
    },
  };
  return state;
}

function reply(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  if (response.destroyed) return;
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}
