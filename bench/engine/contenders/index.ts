import { docxtemplaterContender } from "./docxtemplater";
import { docxFloor } from "./docx-floor";
import { engineContender } from "./engine";
import { htmlToDocxContender } from "./html-to-docx";
import type { Contender, ContenderKey } from "./types";

/** In report order: the floor first, then the engine, then the alternatives. */
export const CONTENDERS: Record<ContenderKey, Contender<unknown>> = {
  floor: docxFloor as Contender<unknown>,
  engine: engineContender as Contender<unknown>,
  docxtemplater: docxtemplaterContender as Contender<unknown>,
  "html-to-docx": htmlToDocxContender as Contender<unknown>,
};
