import { describe, expect, it } from "vitest";
import { SEARCH_PHRASES, SEARCH_SYNONYMS, SWAHILI_WORD_FOR, translateQuery, translateQueryWords } from "./synonyms";
import { queryChunks, queryWords } from "./terms";

describe("translateQueryWords", () => {
  it("reads the Kiswahili words for the catalogue's categories as the catalogue's words", () => {
    expect(translateQueryWords(queryWords("betri"))).toEqual(["battery"]);
    expect(translateQueryWords(queryWords("Taa"))).toEqual(["led"]);
    expect(translateQueryWords(queryWords("waya"))).toEqual(["wire"]);
    expect(translateQueryWords(queryWords("betri 18650"))).toEqual(["battery", "18650"]);
  });
  it("drops the joining words of a Kiswahili phrase, and keeps words it does not know", () => {
    expect(translateQueryWords(queryWords("paneli ya jua"))).toEqual(["panel", "solar"]);
    expect(translateQueryWords(queryWords("betri za lithium"))).toEqual(["battery", "lithium"]);
    expect(translateQueryWords(queryWords("esp32 moduli"))).toEqual(["esp32", "module"]);
    expect(translateQueryWords(["na"])).toEqual(["na"]);
  });
  it("maps to single lowercase catalogue words only", () => {
    for (const table of Object.values(SEARCH_SYNONYMS))
      for (const [word, meaning] of Object.entries(table)) {
        expect(word).toMatch(/^[a-z0-9]+$/);
        expect(meaning).toMatch(/^[a-z0-9]+$/);
      }
  });
});

describe("SWAHILI_WORD_FOR", () => {
  it("gives words the search reads back as the same catalogue word", () => {
    for (const [word, swahili] of Object.entries(SWAHILI_WORD_FOR)) expect(translateQueryWords([swahili]), word).toEqual([word]);
  });
});

describe("translateQuery", () => {
  const read = (text: string) => translateQuery(queryChunks(text)).map((item) => ("meaning" in item ? item.meaning : item.chunk.text));
  it("reads a Kiswahili phrase for a kind of thing as its catalogue words, with or without its joining words", () => {
    expect(read("kipima joto")).toEqual([SEARCH_PHRASES["kipima joto"]]);
    expect(read("sensa ya joto")).toEqual([SEARCH_PHRASES["sensa joto"]]);
    expect(read("sensa joto dht22")).toEqual([SEARCH_PHRASES["sensa joto"], "dht22"]);
  });
  it("reads a word with several meanings as any of them, and other words one by one", () => {
    expect(read("unyevu")).toEqual([[["humidity", "moisture"]]]);
    expect(read("unyevu wa udongo")).toEqual([[["humidity", "moisture"]], [["soil"]]]);
    expect(read("betri 18650")).toEqual([[["battery"]], "18650"]);
    expect(read("mq-2 ya")).toEqual(["mq-2"]);
  });
  it("maps to lowercase catalogue words only", () => {
    for (const [phrase, groups] of Object.entries(SEARCH_PHRASES)) {
      expect(phrase).toMatch(/^[a-z]+( [a-z]+)*$/);
      for (const word of groups.flat()) expect(word).toMatch(/^[a-z0-9]+$/);
    }
  });
});
