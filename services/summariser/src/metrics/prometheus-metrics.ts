import { addCounter, addHistogram, type ServiceApp } from "@tubedigest/http";
import { type ModelPrice, modelCostUsd } from "../adapters/model-prices.ts";
import type { ModelUsage, SummariserMetrics } from "../shared/summariser-metrics.ts";

/** The summariser's counters, on its app's `/metrics`; the model's cost at `modelPrice` when it has one. */
export function prometheusMetrics(app: ServiceApp, modelPrice?: ModelPrice): SummariserMetrics {
  const digests = addCounter(app, {
    name: "summariser_digests_total",
    help: "Digests finished, by outcome (composed, skipped, failed) and reason",
    labelNames: ["outcome", "reason"],
  });
  const sent = addCounter(app, {
    name: "summariser_newsletters_sent_total",
    help: "Newsletters the mailer reported sent",
  });
  const delivery = addHistogram(app, {
    name: "summariser_digest_delivery_delay_seconds",
    help: "How long after its due time each digest was sent (the on-time objective is 15 minutes)",
    buckets: [60, 300, 900, 1800, 3600, 3 * 3600, 12 * 3600],
  });
  const llmCalls = addCounter(app, {
    name: "summariser_llm_calls_total",
    help: "Model calls made, by purpose (summary, glance)",
    labelNames: ["purpose"],
  });
  const llmTokens = addCounter(app, {
    name: "summariser_llm_tokens_total",
    help: "Model tokens spent, by purpose (summary, glance) and kind (prompt, completion)",
    labelNames: ["purpose", "kind"],
  });
  const llmCost = addCounter(app, {
    name: "summariser_llm_cost_usd_total",
    help: "What the model calls cost in US dollars at the model's list price, by purpose; not counted for an unpriced model",
    labelNames: ["purpose"],
  });
  const modelUsed = (purpose: "summary" | "glance", usage: ModelUsage) => {
    llmCalls.inc({ purpose }, usage.calls);
    llmTokens.inc({ purpose, kind: "prompt" }, usage.promptTokens);
    llmTokens.inc({ purpose, kind: "completion" }, usage.completionTokens);
    if (modelPrice) llmCost.inc({ purpose }, modelCostUsd(modelPrice, usage));
  };
  const dropped = addCounter(app, {
    name: "summariser_ungrounded_key_points_total",
    help: "Key points dropped because the transcript at their moment does not support them, by writer",
    labelNames: ["writer"],
  });
  const steps = addCounter(app, {
    name: "summariser_transcript_steps_total",
    help: "Answers of the transcript chain's steps, by source and outcome (served, empty, refused, rate-limited, failed)",
    labelNames: ["source", "outcome"],
  });
  const transcriptCost = addCounter(app, {
    name: "summariser_transcript_cost_usd_total",
    help: "What the paid transcript steps spent, in US dollars, by source",
    labelNames: ["source"],
  });
  const transcriptTokens = addCounter(app, {
    name: "summariser_transcript_tokens_total",
    help: "Tokens the paid transcript steps spent, by source and kind (input, output)",
    labelNames: ["source", "kind"],
  });
  return {
    keyPointsDropped: (writer, count) => dropped.inc({ writer }, count),
    transcriptStep: (source, outcome) => steps.inc({ source, outcome }),
    transcriptCost(source, spent) {
      transcriptCost.inc({ source }, spent.usd);
      transcriptTokens.inc({ source, kind: "input" }, spent.inputTokens);
      transcriptTokens.inc({ source, kind: "output" }, spent.outputTokens);
    },
    digestFinished: (outcome, reason) => digests.inc({ outcome, reason: reason ?? "" }),
    newsletterSent(lateSeconds) {
      sent.inc();
      if (lateSeconds !== null) delivery.observe(lateSeconds);
    },
    summaryWritten: (usage) => modelUsed("summary", usage),
    glanceWritten: (usage) => modelUsed("glance", usage),
  };
}
