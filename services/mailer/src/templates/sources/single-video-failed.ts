import { greeting } from "../formatting.ts";
import { button, heading } from "../layout.ts";
import { INLINE } from "../mail-look.ts";
import type { TemplateSource } from "../template-source.ts";
import { textMail } from "../text-mail.ts";
import {
  notChargedNote,
  SINGLE_SUMMARY_REASON,
  singleSummaryLayout,
  singleSummaryLinks,
} from "./single-summary-mail.ts";

const WHAT_NEXT = "You can try again later from your dashboard, or choose another video.";

/** A bought summary that could not be made: said plainly, with the news that nothing was charged. */
export const singleVideoFailed: TemplateSource<"single-video-failed"> = {
  name: "single-video-failed",
  mjml: singleSummaryLayout(`${heading("We could not summarise this video", "medium")}
          <mj-text>{{greeting}} we could not make the summary of <a href="{{url}}" style="${INLINE.a}">{{title}}</a> you asked for.</mj-text>
          <mj-text font-weight="600">{{notCharged}}</mj-text>
          <mj-text>${WHAT_NEXT}</mj-text>
          ${button("Open your dashboard", "{{dashboardUrl}}")}`),
  content(data) {
    const { title, url, dashboardUrl, settingsUrl, footer } = singleSummaryLinks(data);
    const notCharged = notChargedNote(data.charge);
    return {
      subject: `We could not summarise "${title}": you were not charged`,
      preheader: `${notCharged} ${WHAT_NEXT}`,
      values: { title, url, greeting: greeting(data.recipientName), notCharged, dashboardUrl, settingsUrl },
      fragments: {},
      text: textMail({
        blocks: [
          `${greeting(data.recipientName)} we could not make the summary you asked for:`,
          `${title}\n${url}`,
          notCharged,
          WHAT_NEXT,
          `Your dashboard: ${dashboardUrl}`,
        ],
        reason: SINGLE_SUMMARY_REASON,
        links: footer,
      }),
    };
  },
};
