// How the team editor and the review queue word a draft's problems: each as a sentence with its line
// (no engine code as the message).

import type { Problem } from "../../../engine/core";
import { plainProblem } from "../../model/plain-problem";

/** "Line 2: The body uses {{courtCity}}, which is not one of its variables." */
export function draftProblemText(p: Problem): string {
  const text = plainProblem({ ...p, place: undefined } as Problem, { sections: [], naming: "single" });
  return p.line !== undefined ? `Line ${p.line}: ${text}` : text;
}
