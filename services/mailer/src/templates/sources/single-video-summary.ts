import { readVideoSummary } from "@tubedigest/contracts/digest";
import { greeting } from "../formatting.ts";
import { paragraphHtml } from "../html-fragments.ts";
import { button, heading } from "../layout.ts";
import { INLINE } from "../mail-look.ts";
import { summaryHtml } from "../summary-html.ts";
import { summaryText } from "../summary-text.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";
import {
  chargedNote,
  SINGLE_SUMMARY_REASON,
  singleSummaryLayout,
  singleSummaryLinks,
} from "./single-summary-mail.ts";

// The summary itself ends by saying so (the summariser writes that line); the preheader says it first.
const NO_CAPTIONS = "This video has no captions, so the summary is made from its title and description.";

export const singleVideoSummary: TemplateSource<"single-video-summary"> = {
  name: "single-video-summary",
  mjml: singleSummaryLayout(`${heading(`<a href="{{url}}" style="${INLINE.a}">{{title}}</a>`, "medium")}
          <mj-text>{{greeting}} here are the key points you asked for.</mj-text>
          <mj-text padding="0 24px">{{{summary}}}</mj-text>
          ${button("Watch the video", "{{url}}")}
          <mj-text padding="0 24px 16px">{{{price}}}</mj-text>`),
  content(data) {
    const { title, url, dashboardUrl, settingsUrl, footer } = singleSummaryLinks(data);
    const fromDescription = data.basis === "description";
    const summary = readVideoSummary(data.summaryMarkdown);
    const price = chargedNote(data.charge);
    return {
      subject: `Your summary: ${title}`,
      preheader: fromDescription ? NO_CAPTIONS : `The key points of "${title}", with links to each moment.`,
      values: { title, url, greeting: greeting(data.recipientName), dashboardUrl, settingsUrl },
      fragments: {
        summary: summaryHtml(summary),
        price: price ? paragraphHtml(price, INLINE.muted) : "",
      },
      text: textMail({
        blocks: [
          `${greeting(data.recipientName)} here are the key points you asked for.`,
          `${title}\n${url}`,
          summaryText(summary),
          price,
        ],
        reason: SINGLE_SUMMARY_REASON,
        links: footer,
      }),
    };
  },
};
