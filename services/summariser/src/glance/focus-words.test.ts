import { describe, expect, it } from "vitest";
import { focusScore, focusWords } from "./focus-words.ts";

describe("a reader's focus as words", () => {
  it("counts the words after not, no, without or except in a clause against, the rest for", () => {
    expect(focusWords("engine design, not news")).toEqual({
      wanted: ["engine", "design"],
      unwanted: ["news"],
    });
    expect(focusWords("AI safety without hype; no crypto or drama. Except politics")).toEqual({
      wanted: ["ai", "safety"],
      unwanted: ["hype", "crypto", "drama", "politics"],
    });
  });

  it("reads no-code and notation as words, not as a no or a not", () => {
    expect(focusWords("no-code tools, notation")).toEqual({
      wanted: ["no-code", "tools", "notation"],
      unwanted: [],
    });
  });

  it("has no words for none, blanks, or words that say nothing", () => {
    expect(focusWords(null)).toEqual({ wanted: [], unwanted: [] });
    expect(focusWords("   ")).toEqual({ wanted: [], unwanted: [] });
    expect(focusWords("the best of it")).toEqual({ wanted: [], unwanted: [] });
  });

  it("drops a word asked for and to skip at once", () => {
    expect(focusWords("rockets, not rockets")).toEqual({ wanted: [], unwanted: [] });
  });

  it("scores text by the words it holds, a plural as its singular, each once", () => {
    const words = focusWords("engine design, not news");
    expect(focusScore(words, "Engines: designs that work")).toBe(2);
    expect(focusScore(words, "Engine news, engine news")).toBe(0);
    expect(focusScore(words, "The week's news")).toBe(-1);
    expect(focusScore(words, "Engineering a kitchen")).toBe(0);
  });
});
