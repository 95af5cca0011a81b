// The fake of Word.CustomXmlPartCollection (WordApi 1.4) that FakeWord's document carries: parts live in
// FakeWord.customXml; every call is queued and applied at sync like the rest of the fake, and getXml's
// value (a ClientResult) is only readable after the sync, as in office.js.
import type { FakeWord } from "./fake-word";

export type StoredPart = { id: string; xml: string };

/** The namespace Word files a part under: its root element's default namespace. */
const namespaceOf = (xml: string) =>
  /^\s*(?:<\?xml[^>]*\?>\s*)?<[\w:.-]+[^>]*\sxmlns="([^"]*)"/.exec(xml)?.[1] ?? "";

let nextId = 1;

function partObject(word: FakeWord, part: StoredPart) {
  return {
    get id() {
      return part.id;
    },
    getXml() {
      const result = { loaded: false, xml: "" };
      word.record(`customXmlPart(${part.id})`, "getXml", [], () => {
        result.loaded = true;
        result.xml = part.xml;
      });
      return {
        get value() {
          if (!result.loaded) throw new Error("PropertyNotLoaded: ClientResult.value");
          return result.xml;
        },
      };
    },
    setXml(xml: string) {
      word.record(`customXmlPart(${part.id})`, "setXml", [xml], () => (part.xml = xml));
    },
    delete() {
      word.record(`customXmlPart(${part.id})`, "delete", [], () => {
        word.customXml = word.customXml.filter((p) => p !== part);
      });
    },
  };
}

export function fakeCustomXmlParts(word: FakeWord) {
  return {
    add(xml: string) {
      const part: StoredPart = { id: `{part-${nextId++}}`, xml };
      word.record("customXmlParts", "add", [xml], () => word.customXml.push(part));
      return partObject(word, part);
    },
    getByNamespace(namespace: string) {
      word.record("customXmlParts", "getByNamespace", [namespace]);
      let items: StoredPart[] | undefined;
      return {
        load(props: string) {
          word.record("customXmlParts", "load", [props], () => {
            items = word.customXml.filter((p) => namespaceOf(p.xml) === namespace);
          });
        },
        get items() {
          if (items === undefined) throw new Error("PropertyNotLoaded: customXmlParts.items");
          return items.map((p) => partObject(word, p));
        },
      };
    },
  };
}
