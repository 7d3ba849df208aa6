import { beforeAll, describe, expect, it } from "vitest";
import { compileTemplates } from "./compile-templates.ts";
import { SAMPLE_SITE, sampleDigest } from "./sample-template-data.ts";
import type { MailTemplates, TemplateData } from "./template-data.ts";

let templates: MailTemplates;
beforeAll(async () => {
  templates = await compileTemplates(SAMPLE_SITE);
});

const video = (id: string, summaryMarkdown: string) => ({
  title: `Video ${id}`,
  url: `https://www.youtube.com/watch?v=${id}`,
  publishedAt: "2026-11-22T18:00:00Z",
  summaryMarkdown,
});

describe("the digest e-mail's content", () => {
  const data = sampleDigest(3, 2);
  const mail = () => templates.render("digest", data);

  it("opens with a link to read it in the browser, in both parts", () => {
    const { html, text } = mail();
    expect(html).toContain(`<a href="${data.archiveUrl.replaceAll("&", "&amp;")}"`);
    expect(html).toContain(">Read in your browser</a>");
    expect(text).toContain(`Read in your browser: ${data.archiveUrl}`);
  });

  it("opens with the week at a glance, each line with the videos it rests on, escaped", () => {
    const orbit = data.channels[0]?.videos[0]?.url ?? "";
    // Linked in YouTube's short form, lighter than the watch page's address.
    const short = orbit.replace("https://www.youtube.com/watch?v=", "https://youtu.be/");
    const { html, text } = templates.render("digest", {
      ...data,
      glance: [
        { text: "Pocket Orbit <b>and</b> Copper Pan Kitchen both covered “learning”.", videoUrls: [orbit] },
        {
          text: "Rests on nothing this digest holds.",
          videoUrls: ["https://www.youtube.com/watch?v=elsewhere01"],
        },
      ],
    });
    expect(html).toContain("Your week at a glance");
    expect(html).toContain("Pocket Orbit &lt;b&gt;and&lt;/b&gt; Copper Pan Kitchen both covered “learning”.");
    expect(html).toContain(`<a href="${short}" style="color:#`);
    expect(html).not.toContain("Rests on nothing");
    // Before the contents and the channels.
    expect(html.indexOf("Your week at a glance")).toBeLessThan(html.indexOf("In this newsletter"));
    expect(text).toContain(
      "Your week at a glance:\n- Pocket Orbit <b>and</b> Copper Pan Kitchen both covered “learning”.",
    );
    expect(text).toContain(`(${data.channels[0]?.videos[0]?.title}: ${short})`);
    expect(templates.render("digest", { ...data, glance: undefined }).html).not.toContain("at a glance");
  });

  it('says "your day" for a daily digest where a weekly one says "your week", its day in the subject', () => {
    const orbit = data.channels[0]?.videos[0]?.url ?? "";
    const daily = templates.render("digest", {
      ...data,
      period: "day",
      weekLabel: "Sunday 6 December 2026",
      subject: undefined,
      glance: [{ text: "Pocket Orbit posted a beginner's guide.", videoUrls: [orbit] }],
    });
    expect(daily.html).toContain(">Your day</h1>");
    expect(daily.html).toContain("Your day at a glance");
    expect(daily.html).not.toContain("Your week");
    expect(daily.text).toContain("here's your day:");
    for (const part of [daily.html, daily.text]) {
      expect(part).toContain(
        "You get this digest every day because you follow these channels on tubedigest.",
      );
    }
    expect(daily.text).toContain("Sunday 6 December 2026");
    expect(daily.subject).toMatch(/^Your Sunday 6 December 2026: /);
    const weekly = mail();
    expect(weekly.html).toContain(">Your week</h1>");
    expect(weekly.text).toContain("here's your week:");
    for (const part of [weekly.html, weekly.text])
      expect(part).toContain("You get this digest every week because");
  });

  it("says what the reader's focus ordered it for, escaped, in both parts, and nothing without one", () => {
    const { html, text } = templates.render("digest", { ...data, focus: "engine <b>design</b>,\n not news" });
    expect(html).toContain(">Ordered for: engine &lt;b&gt;design&lt;/b&gt;, not news</p>");
    expect(html.indexOf("Ordered for:")).toBeLessThan(html.indexOf("Your week at a glance"));
    expect(text).toContain("Ordered for: engine <b>design</b>, not news");
    expect(text.indexOf("Ordered for:")).toBeLessThan(text.indexOf("Your week at a glance"));
    for (const part of [mail().html, mail().text]) expect(part).not.toContain("Ordered for");
  });

  it("lists the channels with their counts, each linking to its card", () => {
    const { html, text } = mail();
    expect(html).toContain("In this newsletter");
    for (const [index, title] of ["Pocket Orbit", "Copper Pan Kitchen", "Field Notes on Birds"].entries()) {
      expect(html).toMatch(
        new RegExp(`<a href="#channel-${index + 1}"[^>]*>${title}</a> <span[^>]*>2 videos</span>`),
      );
      expect(html).toMatch(new RegExp(`<h2 id="channel-${index + 1}"[^>]*>${title}</h2>`));
      expect(text).toContain(`- ${title}: 2 videos`);
    }
  });

  it("shows each video's thumbnail, sized, with the title as its alt text", () => {
    const { html } = mail();
    expect(html).toContain(
      '<img src="https://i.ytimg.com/vi/vid000x0000/mqdefault.jpg" width="120" height="68" alt="Episode 1: what we learned this week, part 1"',
    );
    expect(html.match(/<img /g)).toHaveLength(6);
  });

  it("writes key points at normal weight, keeping a key phrase emphasised and bolding only a lead phrase", () => {
    expect(mail().html).not.toContain("<strong");
    const phrase = templates.render("digest", {
      ...data,
      channels: [
        {
          title: "Orbit",
          videos: [
            video(
              "orbit000001",
              "- A point with a **key phrase** in it\n- **Regenerative cooling: the fuel runs through the nozzle walls**",
            ),
          ],
        },
      ],
    });
    expect(phrase.html).toContain('A point with a <strong style="font-weight:600">key phrase</strong> in it');
    expect(phrase.html).toContain(
      '<strong style="font-weight:600">Regenerative cooling:</strong> the fuel runs through the nozzle walls',
    );
    expect(phrase.text).toContain("- A point with a key phrase in it");
    expect(phrase.text).toContain("- Regenerative cooling: the fuel runs through the nozzle walls");
  });

  it("says a point once per channel, however it is cased or punctuated, but again in another channel", () => {
    const repeated: TemplateData["digest"] = {
      ...data,
      channels: [
        {
          title: "Orbit",
          videos: [
            video("orbit000001", "- **Rockets carry their own oxidiser.**\n- **Orbits are falling**"),
            video("orbit000002", "- **rockets carry their own oxidiser**\n- **Something new**"),
          ],
        },
        { title: "Kitchen", videos: [video("kitchen0001", "- **Rockets carry their own oxidiser.**")] },
      ],
    };
    const { html, text } = templates.render("digest", repeated);
    expect(html.match(/ockets carry their own oxidiser/g)).toHaveLength(2);
    expect(text.match(/ockets carry their own oxidiser/g)).toHaveLength(2);
    expect(html).toContain("Something new");
  });

  it("says in the text part what the HTML says: every title, point and paragraph", () => {
    const { html, text } = mail();
    for (const channel of data.channels) {
      for (const shown of channel.videos) {
        expect(html).toContain(`>${shown.title}</a>`);
        expect(text).toContain(`${shown.title} (`);
      }
    }
    const htmlPoints = [...html.matchAll(/<li style="margin:0 0 8px;">([^<(]*)/g)].map((match) =>
      match[1]?.trim(),
    );
    for (const point of htmlPoints) expect(text).toContain(point);
  });
});
